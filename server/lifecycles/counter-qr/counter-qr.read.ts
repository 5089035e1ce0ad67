// The counter QR codes as the API reads them (with the customer's and the plan's names).
import type { RowOf } from '@server/platform/db/index.js';
import type { Executor } from '@server/lifecycles/store.js';

export const counterQrSelect = (db: Executor) =>
  db
    .selectFrom('counter_qr_codes as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .innerJoin('subscriptions as s', 's.id', 'q.subscription_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .selectAll('q')
    .select(['u.first_name', 'u.last_name', 'u.username', 'p.name as plan_name']);

export type CounterQrRow = RowOf<typeof counterQrSelect>;
