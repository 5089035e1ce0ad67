// The one mapping from a leave request as the API shows it (or as stored: the names are the same)
// to the leave machine's state.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { LeaveMachine } from './leave.machine';

export type LeaveFacts = Pick<
  components['schemas']['LeaveRequest'],
  'status' | 'leave_start_date' | 'leave_end_date' | 'admin_comment'
>;

export function leaveFromApi(record: LeaveFacts): Persisted<LeaveMachine> {
  return {
    value: record.status,
    context: {
      startDate: record.leave_start_date,
      endDate: record.leave_end_date,
      adminComment: record.admin_comment,
    },
  };
}
