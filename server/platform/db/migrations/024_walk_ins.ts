// Walk-ins (issue 21): a customer the owner enrolled at the counter, and the one-time link that lets
// them claim the account (a phone OTP, then their own password). One row per enrolled account; the
// link is stored as a hash only, used once (claimed_at) and expires (expires_at). A counter form
// sent twice finds the first enrolment by its request id (unique).
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { notNull, ownedBy, tableWithId, weakRef } from './columns.js';

export function walkInsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'walk_ins', dialect)
        .addColumn('user_id', 'integer', (c) => ownedBy('users.id')(c).unique())
        .addColumn('subscription_id', 'integer', weakRef('subscriptions.id'))
        .addColumn('payment_id', 'integer', weakRef('payments.id'))
        .addColumn('request_id', 'text', (c) => c.unique())
        .addColumn('claim_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', notNull)
        .addColumn('verified_at', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('created_by', 'integer', weakRef('users.id'))
        .addColumn('created_at', 'text', notNull)
        .execute();
    },
  };
}
