import type { SnapshotFrom } from 'xstate';
import type { LeaveMachine } from './leave.machine';
import { leaveDuration } from './leave.rules';

type LeaveSnapshot = SnapshotFrom<LeaveMachine>;

/** The customer may still edit or delete it. */
export const selectIsLeaveEditable = (snapshot: LeaveSnapshot) => snapshot.hasTag('editable');
/** The owner has approved or rejected it. */
export const selectIsLeaveDecided = (snapshot: LeaveSnapshot) => snapshot.hasTag('decided');
export const selectLeaveDurationDays = (snapshot: LeaveSnapshot) =>
  leaveDuration(snapshot.context.startDate, snapshot.context.endDate);
