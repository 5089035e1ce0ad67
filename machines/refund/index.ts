export * from './refund.context';
export * from './refund.events';
export * from './refund.machine';
export * from './refund.messages';
export * from './refund.selectors';
export * from './refund.labels';
export * from './refund.fromApi';
export * from './refund.rules';
