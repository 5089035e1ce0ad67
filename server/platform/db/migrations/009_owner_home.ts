// Indexes for the owner's home (GET /api/owner/summary/): money settled per business day,
// subscriptions activated per day and meals for a date, each read as an index range without
// touching the tables.
import type { Kysely } from 'kysely';
import { index } from './columns.js';

export function ownerHomeMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Revenue: SUCCESS payments by created_at, the amount read from the index itself.
      await index(db, 'payments_status_created_amount', 'payments', [
        'status',
        'created_at',
        'amount_paise',
      ]);
      // Refunds paid back in a period.
      await index(db, 'refunds_status_paid_amount', 'refunds', [
        'status',
        'paid_at',
        'amount_paise',
      ]);
      // New subscribers per day: subscriptions by the day they were activated.
      await index(db, 'subscriptions_start_date', 'subscriptions', ['start_date']);
      // Meals for a date (the home's tomorrow, the kitchen sheet): ACTIVE subscriptions of a
      // service per plan, in plan order, with the dates read from the index itself.
      await index(db, 'subscriptions_active_meals', 'subscriptions', [
        'status',
        'subscription_type',
        'plan_id',
        'adjusted_end_date',
        'start_date',
      ]);
      // Approved leaves covering a date: a range over the leaves not yet ended, so the years of
      // past leaves are never read.
      await index(db, 'leaves_status_end', 'leaves', [
        'status',
        'leave_end_date',
        'leave_start_date',
        'subscription_id',
      ]);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('leaves_status_end').execute();
      await db.schema.dropIndex('subscriptions_active_meals').execute();
      await db.schema.dropIndex('subscriptions_start_date').execute();
      await db.schema.dropIndex('refunds_status_paid_amount').execute();
      await db.schema.dropIndex('payments_status_created_amount').execute();
    },
  };
}
