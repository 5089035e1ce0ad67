// What other folders read of meal skips: the SKIPPED ones of a date that the kitchen takes off its
// counts, on the subscriptions the sheet counts and not on an approved leave that day.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/platform/db/schema.js';
import { leaveCovers } from '@server/lifecycles/leave/leave.read.js';

/** The SKIPPED skips of `date` (alias k) on ACTIVE subscriptions (s) that cover it, leaves aside. */
export const skipsCounted = (db: Kysely<Database>, date: string) =>
  db
    .selectFrom('meal_skips as k')
    .innerJoin('subscriptions as s', 's.id', 'k.subscription_id')
    .where('k.meal_date', '=', date)
    .where('k.status', '=', 'SKIPPED')
    .where('s.status', '=', 'ACTIVE')
    .where('s.start_date', '<=', date)
    .where('s.adjusted_end_date', '>=', date)
    // An approved leave already takes the whole day off: its meals are not counted twice.
    .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`);
