export * from './delivery-stop.fromApi';
export * from './delivery-stop.machine';
export * from './delivery-stop.messages';
export * from './delivery-stop.rules';
export * from './delivery-outbox';
export * from './cash-collection.machine';
export * from './delivery-stop.types';
