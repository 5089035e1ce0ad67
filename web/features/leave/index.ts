// The leave lifecycle (machines/leave, server/lifecycles/leave): the customer's leave dialog (ask
// for a leave or change one), and the data hooks of the customer's leaves and the owner's decisions.
export * from './leave.api';
export { LeaveDialog } from './LeaveDialog';
