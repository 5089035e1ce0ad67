// The staff lifecycle (machines/staff, server/lifecycles/staff): the owner's staff, the row's
// commands and their refusals, and the data hooks.
export * from './staff.api';
export * from './staffModel';
