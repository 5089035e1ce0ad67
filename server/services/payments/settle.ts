// Settling a payment order, shared by verify_payment and the webhook so both activate the same way:
// one transaction, one SUCCESS payment with a gap-free receipt number, one activation.
import type { Kysely, Transaction } from 'kysely';
import { decide } from '../../../machines/shared/lifecycle.js';
import { paymentStatusMachine } from '../../../machines/payment/index.js';
import { subscriptionMachine } from '../../../machines/subscription/index.js';
import type { AppContext } from '../../context.js';
import type { Database, Payment, PaymentOrder } from '../../db/schema.js';
import { nonFieldError } from '../../errors.js';
import { loadSubscriptionState } from '../../serializers/subscriptions.js';
import { formatRupees, notifyCustomer } from './notify.js';

export const RECEIPT_COUNTER = 'receipt_number';

/** The next receipt number, allocated inside the caller's transaction so a rollback leaves no gap. */
export async function nextReceiptNumber(trx: Kysely<Database>): Promise<number> {
  const row = await trx
    .insertInto('counters')
    .values({ name: RECEIPT_COUNTER, value: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export interface SettleInput {
  order: PaymentOrder;
  /** The provider's payment id (pay_…), which becomes the transaction id. */
  providerPaymentId: string;
  paymentMode: string | null;
}

export type SettleOutcome =
  | { activated: true; payment: Payment }
  /** The order was already paid: whoever came first settled it; this call is a no-op. */
  | { activated: false };

/**
 * Marks the order paid, records the SUCCESS payment and activates the subscription, all in `trx`.
 * The conditional UPDATE on the order is what makes concurrent callers agree on one winner.
 */
export async function settleInTransaction(
  ctx: AppContext,
  trx: Transaction<Database>,
  input: SettleInput,
): Promise<SettleOutcome> {
  const now = ctx.clock.now().toISOString();
  const today = ctx.today();
  const claimed = await trx
    .updateTable('payment_orders')
    .set({ status: 'paid', updated_at: now })
    .where('id', '=', input.order.id)
    .where('status', '<>', 'paid')
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return { activated: false };

  const subscription = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', claimed.subscription_id)
    .executeTakeFirst();
  if (!subscription)
    throw nonFieldError('This subscription has been deleted.', 'subscription.deleted');
  const state = await loadSubscriptionState(trx, subscription, today);
  const activation = decide(subscriptionMachine, state, {
    type: 'payment.succeeded',
    paidOn: today,
  });
  if (!activation.ok) throw nonFieldError(activation.message, activation.code);
  const recorded = decide(
    paymentStatusMachine,
    { value: 'INITIATED', context: { transactionId: null, failureReason: null } },
    { type: 'payment.succeed', transactionId: input.providerPaymentId },
  );
  if (!recorded.ok) throw nonFieldError(recorded.message, recorded.code);

  const receiptNumber = await nextReceiptNumber(trx);
  const payment = await trx
    .insertInto('payments')
    .values({
      user_id: claimed.user_id,
      subscription_id: claimed.subscription_id,
      payment_order_id: claimed.id,
      status: recorded.next,
      amount_paise: claimed.amount_paise,
      currency: claimed.currency,
      transaction_id: recorded.context.transactionId,
      payment_gateway: claimed.provider,
      payment_mode: input.paymentMode,
      failure_reason: null,
      utr: null,
      admin_comment: null,
      receipt_number: receiptNumber,
      razorpay_order_id: claimed.order_id,
      razorpay_payment_id: input.providerPaymentId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const { context } = activation;
  const activated = await trx
    .updateTable('subscriptions')
    .set({
      status: 'ACTIVE',
      start_date: context.startDate,
      base_end_date: context.baseEndDate,
      adjusted_end_date: context.adjustedEndDate,
      updated_at: now,
    })
    .where('id', '=', subscription.id)
    .where('status', '=', 'PENDING_PAYMENT')
    .returning('id')
    .executeTakeFirst();
  if (!activated) {
    throw nonFieldError(
      'This subscription is not awaiting payment.',
      'subscription.not_pending_payment',
    );
  }
  return { activated: true, payment };
}

/** Tells the customer; call after the transaction committed. */
export async function notifyPaymentSuccess(ctx: AppContext, payment: Payment): Promise<void> {
  const plan = await ctx.db.kysely
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['plans.name', 'subscriptions.start_date', 'subscriptions.adjusted_end_date'])
    .where('subscriptions.id', '=', payment.subscription_id)
    .executeTakeFirst();
  const amount = formatRupees(payment.amount_paise);
  const link = `${ctx.config.publicUrl}/payments`;
  await notifyCustomer(ctx, payment.user_id, {
    type: 'payment_success',
    subject: 'Payment successful',
    text:
      `We received your payment of ${amount} for ${plan?.name ?? 'your subscription'}. ` +
      `Your subscription is active from ${plan?.start_date ?? ''} to ${plan?.adjusted_end_date ?? ''}.\n\n` +
      `Payment id: ${payment.transaction_id ?? ''}\nYour receipt: ${link}`,
    sms: `${ctx.config.business.name}: payment of ${amount} received, subscription active. Receipt: ${link}`,
  });
}

export interface FailureInput {
  order: PaymentOrder;
  providerPaymentId: string | null;
  reason: string;
  paymentMode?: string | null;
}

/** Records a FAILED payment attempt for an order (decided by the payment status machine). */
export async function recordFailedPayment(
  ctx: AppContext,
  input: FailureInput,
  executor: Kysely<Database> = ctx.db.kysely,
): Promise<Payment> {
  const now = ctx.clock.now().toISOString();
  const decision = decide(
    paymentStatusMachine,
    { value: 'INITIATED', context: { transactionId: null, failureReason: null } },
    { type: 'payment.fail', reason: input.reason },
  );
  if (!decision.ok) throw nonFieldError(decision.message, decision.code);
  const payment = await executor
    .insertInto('payments')
    .values({
      user_id: input.order.user_id,
      subscription_id: input.order.subscription_id,
      payment_order_id: input.order.id,
      status: decision.next,
      amount_paise: input.order.amount_paise,
      currency: input.order.currency,
      transaction_id: null,
      payment_gateway: input.order.provider,
      payment_mode: input.paymentMode ?? null,
      failure_reason: decision.context.failureReason,
      utr: null,
      admin_comment: null,
      receipt_number: null,
      razorpay_order_id: input.order.order_id,
      razorpay_payment_id: input.providerPaymentId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return payment;
}

/** Tells the customer a payment attempt failed. */
export async function notifyPaymentFailure(ctx: AppContext, payment: Payment): Promise<void> {
  const amount = formatRupees(payment.amount_paise);
  await notifyCustomer(ctx, payment.user_id, {
    type: 'payment_failed',
    subject: 'Payment failed',
    text:
      `Your payment of ${amount} did not go through (${payment.failure_reason ?? 'declined'}). ` +
      `No money was taken for this attempt. You can try again from ${ctx.config.publicUrl}/subscriptions.`,
    sms: `${ctx.config.business.name}: your payment of ${amount} failed. Please try again.`,
  });
}
