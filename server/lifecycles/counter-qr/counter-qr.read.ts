// The counter QR codes as the API reads them (with the customer's and the plan's names).
import type { RowOf } from '@server/platform/db/index.js';
import { requestsWithParties } from '@server/lifecycles/payment-link/payment-link.read.js';
import type { Executor } from '@server/lifecycles/store.js';

export const counterQrSelect = (db: Executor) =>
  requestsWithParties(db)
    .innerJoin('counter_qr_codes as q', 'q.subscription_id', 's.id')
    .selectAll('q');

export type CounterQrRow = RowOf<typeof counterQrSelect>;
