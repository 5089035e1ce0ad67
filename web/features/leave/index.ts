// The leave lifecycle (machines/leave, server/lifecycles/leave): the customer's leaves and the
// owner's decisions, their data hooks.
export * from './leave.api';
