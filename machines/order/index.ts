export * from './order.fromApi';
export * from './order.machine';
export * from './order.messages';
export * from './order.rules';
export * from './order.types';
