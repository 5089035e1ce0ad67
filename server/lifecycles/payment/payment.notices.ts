// The customer's notices of payments, in their language: a success, with what it paid for and how,
// and a failed attempt. Sent after the transaction that recorded the payment commits.
import type { Payment } from '@server/platform/db/schema.js';
import { hasMessage, translateSentence, type Localizer } from '@server/platform/i18n.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { StoreDeps } from '@server/lifecycles/store.js';
import { dueOfSubscription } from '@server/lifecycles/dues/dues.read.js';
import { OFFLINE_GATEWAY } from './payment.read.js';
import { subscriptionsWithPlans } from '@server/lifecycles/subscription/subscription.read.js';

/**
 * A payment mode as a notice names it, in the reader's language: the labels of
 * machines/payment/payment.rules.ts (paymentModeLabel), and a mode nobody labelled as the provider
 * reported it.
 */
function paymentModeIn(l: Localizer, mode: string | null): string {
  const key = `label.payment_mode.${mode ?? 'offline'}`;
  return hasMessage(l.language, key) ? l.t(key) : (mode ?? '');
}

export function createPaymentNotices(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** Tells the customer; call after the transaction committed. */
  async function success(payment: Payment): Promise<void> {
    const plan = await subscriptionsWithPlans(db)
      .select([
        'p.name',
        'p.name_hi',
        's.id',
        's.status',
        's.total_paid_paise',
        's.start_date',
        's.adjusted_end_date',
      ])
      .where('s.id', '=', payment.subscription_id)
      .executeTakeFirst();
    const link = `${deps.config.publicUrl}/payments`;
    // A part payment says what is still due, and whether the subscription has started.
    const due = plan ? await dueOfSubscription(db, plan) : 0;
    // Money handed over at the mess says how, and quotes its reference rather than our own id.
    const offline = payment.payment_gateway === OFFLINE_GATEWAY;
    await notifyCustomer(deps, payment.user_id, (l) => {
      const paid = {
        amount: l.rupees(payment.amount_paise),
        how: offline ? ` (${paymentModeIn(l, payment.payment_mode)})` : '',
        plan: plan ? l.text(plan.name, plan.name_hi) : l.t('notice.your_subscription'),
      };
      const reference = offline
        ? payment.utr
          ? `${l.t('notice.payment_success.reference', { reference: payment.utr })}\n`
          : ''
        : `${l.t('notice.payment_success.payment_id', { id: payment.transaction_id ?? '' })}\n`;
      const dates = { start: l.date(plan?.start_date), end: l.date(plan?.adjusted_end_date) };
      const owed = { due: l.rupees(due) };
      const paidFor =
        due <= 0
          ? l.t('notice.payment_success.text', { ...paid, ...dates })
          : plan?.status === 'PENDING_PAYMENT'
            ? l.t('notice.payment_part.text', { ...paid, ...owed })
            : l.t('notice.payment_part_active.text', { ...paid, ...dates, ...owed });
      // Paid beyond what was owed: the rest is the customer's advance, and the notice says so.
      const advance = Number(payment.advance_paise);
      const text =
        advance > 0
          ? `${paidFor} ${l.t('notice.payment_advance.text', { advance: l.rupees(advance) })}`
          : paidFor;
      const business = deps.config.business.name;
      return {
        type: 'payment_success',
        subject: l.t('notice.payment_success.subject'),
        summary: text,
        text: `${text}\n\n${reference}${l.t('notice.payment_success.receipt', { link })}`,
        sms:
          due <= 0
            ? l.t('notice.payment_success.sms', { business, amount: paid.amount, link })
            : l.t('notice.payment_part.sms', { business, amount: paid.amount, ...owed, link }),
        whatsapp: { template: 'receipt', parameters: [business, paid.amount, link] },
      };
    });
  }

  /** Tells the customer a payment attempt failed, once an hour per subscription however often. */
  async function failure(payment: Payment): Promise<void> {
    await notifyCustomer(deps, payment.user_id, (l) => {
      const amount = l.rupees(payment.amount_paise);
      // The provider's reason may end with its own full stop; the sentence adds one.
      const reason = (
        payment.failure_reason === null
          ? l.t('notice.payment_failed.declined')
          : translateSentence(l.language, payment.failure_reason)
      ).replace(/[.।]+$/, '');
      return {
        type: 'payment_failed',
        throttle: `subscription:${payment.subscription_id}`,
        subject: l.t('notice.payment_failed.subject'),
        summary: l.t('notice.payment_failed.summary', { amount, reason }),
        text: l.t('notice.payment_failed.text', {
          amount,
          reason,
          link: `${deps.config.publicUrl}/subscriptions`,
        }),
        sms: l.t('notice.payment_failed.sms', { business: deps.config.business.name, amount }),
      };
    });
  }

  return { success, failure };
}
