export * from './feedback.fromApi';
export * from './feedback.machine';
export * from './feedback.messages';
export * from './feedback.rules';
export * from './feedback.types';
