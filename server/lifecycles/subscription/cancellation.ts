// Cancelling a subscription touches three lifecycles in one transaction: the subscription machine
// cancels it, the leave machine rejects its pending leaves, and the refund machine opens the refund
// the subscription machine says is due. The preview shows the same numbers before anything happens.
import { decide } from '@machines/shared';
import type { RefundPayout } from '@machines/refund';
import { subscriptionMachine } from '@machines/subscription';
import type { Subscription, User } from '@server/platform/db/schema.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { LeaveStore } from '@server/lifecycles/leave/leave.store.js';
import type { RefundStore } from '@server/lifecycles/refund/refund.store.js';
import { refundDue } from '@server/lifecycles/refund/refund.read.js';
import { allowed, type StoreDeps } from '@server/lifecycles/store.js';
import type { SubscriptionStore } from './subscription.store.js';
import { readSubscription } from './subscription.read.js';

export function createCancellation(
  deps: StoreDeps,
  stores: { subscriptions: SubscriptionStore; leaves: LeaveStore; refunds: RefundStore },
) {
  const db = deps.db.kysely;

  /** What cancelling today would refund, and how it is worked out (docs/rules/subscription.md: the refund rule). */
  async function preview(row: Subscription) {
    const today = deps.today();
    const state = await readSubscription(db, row, today);
    allowed(decide(subscriptionMachine, state, { type: 'subscription.cancel' }));
    const breakdown = await refundDue(db, row, today);
    return { breakdown, hasSuccessfulPayment: state.context.hasSuccessfulPayment };
  }

  /** `payout`: where the refund is to be paid, stored with it; dropped when no refund is due. */
  async function cancel(
    user: User,
    row: Subscription,
    payout: RefundPayout | null = null,
  ): Promise<void> {
    const today = deps.today();
    const refundPaise = await db.transaction().execute(async (trx) => {
      const { cancelled, refundDue: owed } = await stores.subscriptions.cancel(trx, row);
      await stores.leaves.rejectPendingOf(trx, cancelled.id);
      if (!owed) return null;
      const refund = await stores.refunds.open(trx, cancelled, user.id, today, payout);
      return refund.amountPaise;
    });
    const name = await stores.subscriptions.planName(row.plan_id);
    await notifyCustomer(deps, row.user_id, (l) => {
      const plan = name ? l.text(name.name, name.name_hi) : l.t('notice.your_plan');
      const amount = refundPaise === null ? null : l.rupees(refundPaise);
      const cancelled = l.t('notice.subscription_cancelled.text', { plan, id: row.id });
      const sms = l.t('notice.subscription_cancelled.sms', {
        business: deps.config.business.name,
        id: row.id,
      });
      return {
        type: 'subscription_cancelled',
        subject: l.t('notice.subscription_cancelled.subject'),
        text:
          amount === null
            ? cancelled
            : `${cancelled} ${l.t('notice.subscription_cancelled.refund', { amount })}`,
        sms:
          amount === null
            ? sms
            : `${sms} ${l.t('notice.subscription_cancelled.sms_refund', { amount })}`,
      };
    });
  }

  return { preview, cancel };
}
