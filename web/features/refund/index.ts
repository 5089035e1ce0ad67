// The refund lifecycle (machines/refund, server/lifecycles/refund): the customer's payout details
// and the owner's decisions, their data hooks.
export * from './refund.api';
