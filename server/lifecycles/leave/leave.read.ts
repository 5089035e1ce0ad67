// The leave lifecycle's read side: leave requests with the subscription and customer they belong
// to, in one query, and the approved leaves other lifecycles count (a refund's leave days).
import { sql, type Kysely } from 'kysely';
import type { Executor } from '@server/lifecycles/store.js';
import type { Database, Leave } from '@server/platform/db/schema.js';

export function leaveSelect(db: Kysely<Database>) {
  return db
    .selectFrom('leaves as l')
    .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select([
      'p.name as plan_name',
      'p.name_hi as plan_name_hi',
      's.subscription_type as subscription_type',
      'u.first_name as first_name',
      'u.last_name as last_name',
      'u.username as username',
      'u.phone as phone',
    ]);
}

export type LeaveRow = Leave & {
  plan_name: string;
  plan_name_hi: string | null;
  subscription_type: 'mess' | 'tiffin';
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
};

/**
 * The periods of a subscription's APPROVED leaves, read in `executor` (the caller's transaction when
 * it has one): the days an approved leave already added to the subscription.
 */
export function approvedLeavePeriods(executor: Executor, subscriptionId: number) {
  return executor
    .selectFrom('leaves')
    .select(['leave_start_date as startDate', 'leave_end_date as endDate'])
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'APPROVED')
    .execute();
}

/** True when a leave of `status` on subscription `s` (the query's alias) covers `date`. */
export const leaveCovers = (status: 'APPROVED' | 'PENDING', date: string) =>
  sql<boolean>`exists (select 1 from leaves l where l.subscription_id = s.id and l.status = ${status} and l.leave_start_date <= ${date} and l.leave_end_date >= ${date})`;
