// Indexes for the owner's home (GET /api/owner/summary/): money settled per business day,
// subscriptions activated per day and meals for a date, each read as an index range without
// touching the tables.
import type { Kysely } from 'kysely';

export function ownerHomeMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Revenue: SUCCESS payments by created_at, the amount read from the index itself.
      await db.schema
        .createIndex('payments_status_created_amount')
        .on('payments')
        .columns(['status', 'created_at', 'amount_paise'])
        .execute();
      // Refunds paid back in a period.
      await db.schema
        .createIndex('refunds_status_paid_amount')
        .on('refunds')
        .columns(['status', 'paid_at', 'amount_paise'])
        .execute();
      // New subscribers per day: subscriptions by the day they were activated.
      await db.schema
        .createIndex('subscriptions_start_date')
        .on('subscriptions')
        .columns(['start_date'])
        .execute();
      // Meals for a date (the home's tomorrow, the kitchen sheet): ACTIVE subscriptions of a
      // service per plan, in plan order, with the dates read from the index itself.
      await db.schema
        .createIndex('subscriptions_active_meals')
        .on('subscriptions')
        .columns(['status', 'subscription_type', 'plan_id', 'adjusted_end_date', 'start_date'])
        .execute();
      // Approved leaves covering a date: a range over the leaves not yet ended, so the years of
      // past leaves are never read.
      await db.schema
        .createIndex('leaves_status_end')
        .on('leaves')
        .columns(['status', 'leave_end_date', 'leave_start_date', 'subscription_id'])
        .execute();
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
