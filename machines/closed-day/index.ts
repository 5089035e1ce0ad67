export * from './closed-day.fromApi';
export * from './closed-day.machine';
export * from './closed-day.messages';
export * from './closed-day.rules';
export * from './closed-day.types';
