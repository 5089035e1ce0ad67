// The customer's notices of payments, in their language: a success, with what it paid for and how,
// and a failed attempt. Sent after the transaction that recorded the payment commits.
import type { Payment } from '@server/platform/db/schema.js';
import { hasMessage, translateSentence, type Localizer } from '@server/platform/i18n.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { StoreDeps } from '@server/lifecycles/store.js';
import { OFFLINE_GATEWAY } from './payment.read.js';

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
    const plan = await db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select(['plans.name', 'subscriptions.start_date', 'subscriptions.adjusted_end_date'])
      .where('subscriptions.id', '=', payment.subscription_id)
      .executeTakeFirst();
    const link = `${deps.config.publicUrl}/payments`;
    // Money handed over at the mess says how, and quotes its reference rather than our own id.
    const offline = payment.payment_gateway === OFFLINE_GATEWAY;
    await notifyCustomer(deps, payment.user_id, (l) => {
      const paid = {
        amount: l.rupees(payment.amount_paise),
        how: offline ? ` (${paymentModeIn(l, payment.payment_mode)})` : '',
        plan: plan?.name ?? l.t('notice.your_subscription'),
      };
      const reference = offline
        ? payment.utr
          ? `${l.t('notice.payment_success.reference', { reference: payment.utr })}\n`
          : ''
        : `${l.t('notice.payment_success.payment_id', { id: payment.transaction_id ?? '' })}\n`;
      const text = l.t('notice.payment_success.text', {
        ...paid,
        start: l.date(plan?.start_date),
        end: l.date(plan?.adjusted_end_date),
      });
      return {
        type: 'payment_success',
        subject: l.t('notice.payment_success.subject'),
        summary: l.t('notice.payment_success.text', {
          ...paid,
          start: l.date(plan?.start_date),
          end: l.date(plan?.adjusted_end_date),
        }),
        text: `${text}\n\n${reference}${l.t('notice.payment_success.receipt', { link })}`,
        sms: l.t('notice.payment_success.sms', {
          business: deps.config.business.name,
          amount: paid.amount,
          link,
        }),
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
