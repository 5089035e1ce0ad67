// Closed days (issue 20): the owner closes a date, or one meal of it, with a reason
// (machines/closed-day: SCHEDULED → REMOVED). A partial unique index keeps one SCHEDULED closure
// per date and meal (the whole day is meal null), so a doubled request makes one. The closure
// names the two adjustment batches (migration 008) that extend its subscriptions and, if it is
// removed, move exactly those back: each batch applies its rows once.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import {
  actStamp,
  index,
  MEALS,
  notNull,
  nullOrOneOf,
  oneOf,
  tableWithId,
  weakRef,
} from './columns.js';

export function closedDaysMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'closed_days', dialect)
        .addColumn('closed_date', 'text', notNull)
        .addColumn('meal', 'text', nullOrOneOf('meal', MEALS))
        .addColumn('reason', 'text', notNull)
        .addColumn('status', 'text', oneOf('status', ['SCHEDULED', 'REMOVED']))
        .$call(actStamp('created', 'required'))
        .$call(actStamp('removed', 'optional'))
        .addColumn('extend_batch_id', 'integer', weakRef('adjustment_batches.id'))
        .addColumn('reverse_batch_id', 'integer', weakRef('adjustment_batches.id'))
        .execute();
      // One SCHEDULED closure per date and meal; coalesce makes the whole day (null) a value.
      await sql`create unique index closed_days_scheduled on closed_days (closed_date, coalesce(meal, 'day')) where status = 'SCHEDULED'`.execute(
        db,
      );
      await index(db, 'closed_days_date', 'closed_days', ['closed_date', 'status']);
    },
  };
}
