// The closed-day lifecycle (machines/closed-day, server/lifecycles/closed-day): the owner's closed
// days, their data hooks.
export * from './closed-day.api';
