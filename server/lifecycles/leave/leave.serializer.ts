// Leave requests as the API shows them (LeaveRequest), from the rows of leave.read.ts.
import type { components } from '@generated/api.js';
import { fullName } from '@server/platform/format.js';
import type { LeaveRow } from './leave.read.js';

export type LeaveBody = components['schemas']['LeaveRequest'];

export function leaveBody(row: LeaveRow): LeaveBody {
  return {
    id: row.id,
    status: row.status,
    subscription: {
      id: row.subscription_id,
      plan_name: row.plan_name,
      plan_name_hi: row.plan_name_hi,
      subscription_type: row.subscription_type,
    },
    leave_start_date: row.leave_start_date,
    leave_end_date: row.leave_end_date,
    reason: row.reason,
    requested_at: row.requested_at,
    approved_at: row.approved_at,
    rejected_at: row.rejected_at,
    admin_comment: row.admin_comment,
    duration_days: row.duration_days,
    subscription_user: {
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: fullName(row),
      username: row.username,
    },
    user: row.user_id,
    user_phone: row.phone,
    subscription_plan: row.plan_name,
  };
}
