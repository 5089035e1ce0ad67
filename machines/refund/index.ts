export * from './refund.fromApi';
export * from './refund.machine';
export * from './refund.messages';
export * from './refund.rules';
export * from './refund.types';
