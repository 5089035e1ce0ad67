// Every subscription read asks whether the subscription has a SUCCESS payment. The partial unique
// index of migration 006 cannot serve it when the status arrives as a bound parameter (SQLite
// cannot prove the index's WHERE then), so without this the check scanned every payment.
import type { Kysely } from 'kysely';
import { index } from './columns.js';

export function paymentLookupsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await index(db, 'payments_subscription_status', 'payments', ['subscription_id', 'status']);
    },
  };
}
