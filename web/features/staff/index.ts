// The staff lifecycle (machines/staff, server/lifecycles/staff): the owner's staff and the row's
// commands, their data hooks.
export * from './staff.api';
