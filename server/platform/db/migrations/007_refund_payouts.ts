// Where a refund is to be paid (issue 12): a UPI id or a bank account, kept on the refund itself so
// it is read and removed with it. All null until the customer gives them.
import type { Kysely } from 'kysely';

const PAYOUT_COLUMNS = [
  // 'upi' or 'bank'; null: no payout details yet.
  'payout_method',
  'payout_upi_id',
  'payout_account_holder_name',
  'payout_account_number',
  'payout_ifsc',
  'payout_updated_at',
] as const;

export function refundPayoutsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite's ALTER TABLE adds one column at a time.
      for (const column of PAYOUT_COLUMNS) {
        await db.schema.alterTable('refunds').addColumn(column, 'text').execute();
      }
    },
  };
}
