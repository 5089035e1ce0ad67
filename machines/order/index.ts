export * from './order.context';
export * from './order.events';
export * from './order.machine';
export * from './order.messages';
export * from './order.selectors';
export * from './order.labels';
export * from './order.fromApi';
