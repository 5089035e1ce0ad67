export * from './payment-link.fromApi';
export * from './payment-link.machine';
export * from './payment-link.messages';
export * from './payment-link.rules';
export * from './upi';
export * from './failure';
export * from './payment-link.types';
