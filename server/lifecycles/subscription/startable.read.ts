// The subscriptions awaiting payment that the payment policy in force lets start: part paid, or
// enrolled at the counter (charged on the ledger: the customer bought it, not only asked for it),
// and owing no more than the policy allows. After the owner changes the policy these are the ones
// it now allows, which the owner starts in one step (subscription.store startWithDues).
import type { Kysely } from 'kysely';
import { startsWithDues } from '@machines/dues';
import type { PaymentPolicy } from '@machines/settings';
import type { Database, Subscription } from '@server/platform/db/schema.js';
import type { Executor } from '@server/lifecycles/store.js';
import { amountDue, isCharged, subscriptionLedgers } from '@server/lifecycles/dues/dues.read.js';

/** The most the list names: the owner starts them a screen at a time. */
const STARTABLE_LIMIT = 500;

/** Whether `subscription`, awaiting payment, may start under `policy`: charged and within it. */
export async function startableUnder(
  db: Executor,
  policy: PaymentPolicy,
  subscription: Pick<Subscription, 'id' | 'status' | 'total_paid_paise'>,
): Promise<{ startable: boolean; duePaise: number }> {
  const ledger = (await subscriptionLedgers(db, [subscription.id])).get(subscription.id);
  const duePaise = amountDue(subscription.total_paid_paise, ledger);
  return {
    startable:
      subscription.status === 'PENDING_PAYMENT' &&
      ledger?.charged === true &&
      startsWithDues(policy, duePaise),
    duePaise,
  };
}

/** The subscriptions `policy` lets start, oldest first (none under full payment). */
export async function startableSubscriptions(
  db: Kysely<Database>,
  policy: PaymentPolicy,
): Promise<Subscription[]> {
  if (policy.activation !== 'dues_allowed') return [];
  const charged = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'PENDING_PAYMENT')
    .where(isCharged)
    .orderBy('id')
    .execute();
  const ledgers = await subscriptionLedgers(
    db,
    charged.map((row) => row.id),
  );
  return charged
    .filter((row) => startsWithDues(policy, amountDue(row.total_paid_paise, ledgers.get(row.id))))
    .slice(0, STARTABLE_LIMIT);
}
