export * from './subscription.context';
export * from './subscription.events';
export * from './subscription.machine';
export * from './subscription.messages';
export * from './subscription.rules';
export * from './subscription.selectors';
export * from './subscription.labels';
export * from './subscription.fromApi';
