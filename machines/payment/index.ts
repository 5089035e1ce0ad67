export * from './payment-status.machine';
export * from './payment.fromApi';
export * from './payment.machine';
export * from './payment.messages';
export * from './payment.rules';
export * from './payment.types';
