export * from './subscription.fromApi';
export * from './subscription.machine';
export * from './subscription.messages';
export * from './subscription.rules';
export * from './subscription.types';
