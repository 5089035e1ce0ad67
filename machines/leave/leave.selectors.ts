import type { SnapshotFrom } from 'xstate';
import type { LeaveMachine } from './leave.machine';
import type { LeaveStatus } from './leave.context';
import { leaveDuration } from './leave.rules';

type LeaveSnapshot = SnapshotFrom<LeaveMachine>;

export const selectLeaveState = (snapshot: LeaveSnapshot) => snapshot.value;
/** The customer may still edit or delete it. */
export const selectIsLeaveEditable = (snapshot: LeaveSnapshot) => snapshot.hasTag('editable');
/** The owner has approved or rejected it. */
export const selectIsLeaveDecided = (snapshot: LeaveSnapshot) => snapshot.hasTag('decided');
export const selectLeaveDurationDays = (snapshot: LeaveSnapshot) =>
  leaveDuration(snapshot.context.startDate, snapshot.context.endDate);

export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
