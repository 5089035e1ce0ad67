// How screens name each leave status (web badges, `dabba` tables).
import type { LeaveStatus } from './leave.context';

export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
