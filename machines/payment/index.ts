export * from './payment.context';
export * from './payment.events';
export * from './payment.machine';
export * from './payment.messages';
export * from './payment-status.machine';
export * from './payment.selectors';
