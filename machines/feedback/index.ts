export * from './feedback.context';
export * from './feedback.events';
export * from './feedback.machine';
export * from './feedback.messages';
export * from './feedback.rules';
export * from './feedback.selectors';
export * from './feedback.labels';
export * from './feedback.fromApi';
