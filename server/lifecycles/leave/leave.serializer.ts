// Leave requests as the API shows them (LeaveRequest), with the subscription and customer they
// belong to, read in one query.
import type { Kysely } from 'kysely';
import type { components } from '@generated/api.js';
import type { Database, Leave } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';

export type LeaveBody = components['schemas']['LeaveRequest'];

export function leaveSelect(db: Kysely<Database>) {
  return db
    .selectFrom('leaves as l')
    .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select([
      'p.name as plan_name',
      's.subscription_type as subscription_type',
      'u.first_name as first_name',
      'u.last_name as last_name',
      'u.username as username',
      'u.phone as phone',
    ]);
}

export type LeaveRow = Leave & {
  plan_name: string;
  subscription_type: 'mess' | 'tiffin';
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
};

export function leaveBody(row: LeaveRow): LeaveBody {
  return {
    id: row.id,
    status: row.status,
    subscription: {
      id: row.subscription_id,
      plan_name: row.plan_name,
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
