// The payment lifecycle's store: checkout orders, the settling of an order (one SUCCESS payment with
// a gap-free receipt number and one activation, whoever comes first of verify and the webhook),
// money the owner received at the mess (settled the same way), failed attempts, and the customer's
// notices. Payment rows are written in the state the payment status machine decides; the
// subscription is activated through the subscription store.
import { decide } from '@machines/shared/lifecycle.js';
import {
  offlinePaymentProblems,
  paymentModeLabel,
  paymentStatusMachine,
  type OfflinePaymentFacts,
  type OfflinePaymentMode,
  type PaymentStatus,
  type PaymentStatusEvent,
} from '@machines/payment/index.js';
import { subscriptionMachine, subscriptionRefusals } from '@machines/subscription/index.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { taxInvoiceColumns } from '@server/platform/gst.js';
import type {
  OrderStatus,
  Payment,
  PaymentOrder,
  Subscription,
  User,
} from '@server/platform/db/schema.js';
import { fieldErrors, type FieldErrors } from '@server/errors.js';
import {
  formatMoney,
  hasMessage,
  translateSentence,
  type Localizer,
} from '@server/platform/i18n.js';
import { notifyCustomer } from '@server/services/notify.js';
import { providerId } from '@server/services/payments/ids.js';
import type { PaymentProvider } from '@server/services/payments/provider.js';
import { dateInZone } from '@server/platform/time.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import {
  allowed,
  nowIso,
  refusalError,
  type Executor,
  type StoreDeps,
} from '@server/lifecycles/store.js';
import type { SubscriptionStore } from '@server/lifecycles/subscription/subscription.store.js';
import { OFFLINE_GATEWAY, RECEIPT_COUNTER } from './payment.read.js';
import { readSubscription } from '@server/lifecycles/subscription/subscription.read.js';

/** An open order nobody paid within this long is expired (verify still accepts a late payment). */
export const STALE_ORDER_HOURS = 24;

/**
 * A payment mode as a notice names it, in the reader's language: the labels of
 * machines/payment/payment.rules.ts (paymentModeLabel), and a mode nobody labelled as the provider
 * reported it.
 */
function paymentModeIn(l: Localizer, mode: string | null): string {
  const key = `label.payment_mode.${mode ?? 'offline'}`;
  return hasMessage(l.language, key) ? l.t(key) : (mode ?? '');
}

const ORDER_OPEN: OrderStatus = 'created';
const ORDER_PAID: OrderStatus = 'paid';
const ORDER_EXPIRED: OrderStatus = 'expired';

/** A payment attempt starts INITIATED; only its outcome is stored. */
const attempt = {
  value: 'INITIATED',
  context: { transactionId: null, failureReason: null },
} as const;

/** The next receipt number, allocated inside the caller's transaction so a rollback leaves no gap. */
async function nextReceiptNumber(trx: Executor): Promise<number> {
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

/** Money the owner received at the mess, as the request gave it (amount already in paise). */
export interface OfflineInput {
  amountPaise: number;
  mode: OfflinePaymentMode;
  reference: string | null;
  receivedOn: string;
  note: string | null;
}

/** What a SUCCESS payment records besides what the machine decides, however it was paid. */
interface Settlement {
  userId: number;
  subscriptionId: number;
  paymentOrderId: number | null;
  amountPaise: number;
  currency: string;
  gateway: string;
  paymentMode: string | null;
  /** The payment status machine's event that settles it. */
  event: Extract<PaymentStatusEvent, { type: 'payment.succeed' | 'payment.record_offline' }>;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  utr: string | null;
  adminComment: string | null;
  receivedOn: string | null;
  recordedBy: number | null;
}

export interface FailureInput {
  order: PaymentOrder;
  providerPaymentId: string | null;
  reason: string;
  paymentMode?: string | null;
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;

export function createPaymentStore(
  deps: StoreDeps,
  subscriptions: SubscriptionStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;

  const openOrderOf = (subscriptionId: number) =>
    db
      .selectFrom('payment_orders')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', ORDER_OPEN)
      .executeTakeFirst();

  /**
   * subscription.pay: the open order of the subscription (reused while its provider is the one
   * configured) or a new one from the provider. `created` says whether it is new.
   */
  async function openOrder(
    user: User,
    subscription: Subscription,
  ): Promise<{ order: PaymentOrder; created: boolean }> {
    const state = await readSubscription(db, subscription, deps.today());
    allowed(decide(subscriptionMachine, state, { type: 'subscription.pay' }));
    const existing = await openOrderOf(subscription.id);
    if (existing && existing.provider === provider.name) return { order: existing, created: false };
    const at = nowIso(deps);
    if (existing) {
      // Left open under another provider (the configuration changed): start afresh.
      await db
        .updateTable('payment_orders')
        .set({ status: ORDER_EXPIRED, updated_at: at })
        .where('id', '=', existing.id)
        .where('status', '=', ORDER_OPEN)
        .execute();
    }
    const { orderId } = await provider.createOrder({
      amountPaise: subscription.total_paid_paise,
      currency: 'INR',
      receipt: `subscription_${subscription.id}`,
      notes: { subscription_id: String(subscription.id), user_id: String(user.id) },
    });
    try {
      const order = await db
        .insertInto('payment_orders')
        .values({
          order_id: orderId,
          subscription_id: subscription.id,
          user_id: user.id,
          amount_paise: subscription.total_paid_paise,
          currency: 'INR',
          status: ORDER_OPEN,
          provider: provider.name,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, created: true };
    } catch (error) {
      // Another request opened the order first: the partial unique index keeps one; reuse it.
      if (!isUniqueViolation(error)) throw error;
      const winner = await openOrderOf(subscription.id);
      if (!winner) throw error;
      return { order: winner, created: false };
    }
  }

  /**
   * Marks the order paid, records the SUCCESS payment and activates the subscription, all in `trx`.
   * The conditional UPDATE on the order is what makes concurrent callers agree on one winner.
   */
  async function settleInTransaction(trx: Executor, input: SettleInput): Promise<SettleOutcome> {
    const at = nowIso(deps);
    const claimed = await trx
      .updateTable('payment_orders')
      .set({ status: ORDER_PAID, updated_at: at })
      .where('id', '=', input.order.id)
      .where('status', '<>', ORDER_PAID)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return { activated: false };
    const payment = await succeedInTransaction(trx, {
      userId: claimed.user_id,
      subscriptionId: claimed.subscription_id,
      paymentOrderId: claimed.id,
      amountPaise: claimed.amount_paise,
      currency: claimed.currency,
      gateway: claimed.provider,
      paymentMode: input.paymentMode,
      event: { type: 'payment.succeed', transactionId: input.providerPaymentId },
      providerOrderId: claimed.order_id,
      providerPaymentId: input.providerPaymentId,
      utr: null,
      adminComment: null,
      receivedOn: null,
      recordedBy: null,
    });
    return { activated: true, payment };
  }

  /**
   * The one settle path of every payment, online or offline, in `trx`: the payment status machine
   * decides the SUCCESS, the subscription store activates it from today (its conditional UPDATE
   * lets one concurrent caller win), and the payment takes the next gap-free receipt number.
   */
  async function succeedInTransaction(trx: Executor, settlement: Settlement): Promise<Payment> {
    const at = nowIso(deps);
    const recorded = allowed(decide(paymentStatusMachine, attempt, settlement.event));
    await subscriptions.activate(trx, settlement.subscriptionId, deps.today());
    return trx
      .insertInto('payments')
      .values({
        user_id: settlement.userId,
        subscription_id: settlement.subscriptionId,
        payment_order_id: settlement.paymentOrderId,
        status: recorded.next as PaymentStatus,
        amount_paise: settlement.amountPaise,
        currency: settlement.currency,
        transaction_id: recorded.context.transactionId,
        payment_gateway: settlement.gateway,
        payment_mode: settlement.paymentMode,
        failure_reason: null,
        utr: settlement.utr,
        admin_comment: settlement.adminComment,
        receipt_number: await nextReceiptNumber(trx),
        razorpay_order_id: settlement.providerOrderId,
        razorpay_payment_id: settlement.providerPaymentId,
        received_on: settlement.receivedOn,
        recorded_by: settlement.recordedBy,
        created_at: at,
        updated_at: at,
        // The invoice is fixed now: later GST settings never rewrite it.
        ...taxInvoiceColumns(deps.config.gst, settlement.amountPaise),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * payment.record_offline: the owner received the full price at the mess (cash, UPI or a bank
   * transfer). Settled like an online payment, in one transaction with the expiry of the
   * subscription's open orders and the audit entry; the customer is told after the commit.
   */
  async function recordOffline(
    owner: User,
    subscription: Subscription,
    input: OfflineInput,
  ): Promise<Payment> {
    const today = deps.today();
    // Not awaiting payment is the first thing to say: no field can make that right.
    const state = await readSubscription(db, subscription, today);
    allowed(decide(subscriptionMachine, state, { type: 'payment.succeeded', paidOn: today }));
    const facts: OfflinePaymentFacts = {
      amountPaise: input.amountPaise,
      amountDuePaise: subscription.total_paid_paise,
      mode: input.mode,
      reference: input.reference,
      receivedOn: input.receivedOn,
      today,
      subscriptionCreatedOn: dateInZone(new Date(subscription.created_at), deps.config.businessTz),
    };
    const problems = offlinePaymentProblems(facts);
    if (problems.length > 0) {
      const fields: FieldErrors = {};
      for (const problem of problems) (fields[problem.field] ??= []).push(problem.message);
      throw fieldErrors(fields, problems[0]!.code);
    }
    let payment: Payment;
    try {
      payment = await db.transaction().execute(async (trx) => {
        // Paid now: a checkout the customer left open must not take their money a second time.
        // Orders first, then the subscription: the order in which verify and the webhook lock
        // them, so a recording racing them waits instead of deadlocking on PostgreSQL.
        await trx
          .updateTable('payment_orders')
          .set({ status: ORDER_EXPIRED, updated_at: nowIso(deps) })
          .where('subscription_id', '=', subscription.id)
          .where('status', '=', ORDER_OPEN)
          .execute();
        const recorded = await succeedInTransaction(trx, {
          userId: subscription.user_id,
          subscriptionId: subscription.id,
          paymentOrderId: null,
          amountPaise: input.amountPaise,
          currency: 'INR',
          gateway: OFFLINE_GATEWAY,
          paymentMode: input.mode,
          event: {
            type: 'payment.record_offline',
            transactionId: providerId('offline'),
            offline: facts,
          },
          providerOrderId: null,
          providerPaymentId: null,
          utr: input.reference,
          adminComment: input.note,
          receivedOn: input.receivedOn,
          recordedBy: owner.id,
        });
        const mode = paymentModeLabel(recorded.payment_mode);
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'payment.record_offline',
          objectType: 'payment',
          objectId: recorded.id,
          summary:
            `Recorded ${formatMoney('en', recorded.amount_paise)} (${mode ?? 'offline'}` +
            `${recorded.utr ? `, reference ${recorded.utr}` : ''}) received on ` +
            `${input.receivedOn} for subscription #${subscription.id}; it is active now.`,
          before: { subscription_status: subscription.status },
          after: {
            subscription_status: 'ACTIVE',
            amount_paise: recorded.amount_paise,
            payment_mode: recorded.payment_mode,
            reference: recorded.utr,
            received_on: recorded.received_on,
            receipt_number: recorded.receipt_number,
            admin_comment: recorded.admin_comment,
          },
        });
        return recorded;
      });
    } catch (error) {
      // One SUCCESS per subscription (migration 006): another settle path got there first.
      if (isUniqueViolation(error)) {
        throw refusalError(subscriptionRefusals.events['payment.succeeded']);
      }
      throw error;
    }
    await notifySuccess(payment);
    return payment;
  }

  /** Settles an order in its own transaction; a lost race (already paid) is a no-op. */
  async function settle(input: SettleInput): Promise<SettleOutcome> {
    let outcome: SettleOutcome;
    try {
      outcome = await db.transaction().execute((trx) => settleInTransaction(trx, input));
    } catch (error) {
      // The partial unique index (one SUCCESS per order) caught a race the UPDATE did not.
      if (isUniqueViolation(error)) return { activated: false };
      throw error;
    }
    if (outcome.activated) await notifySuccess(outcome.payment);
    return outcome;
  }

  /** Records a FAILED payment attempt for an order, as the payment status machine decides it. */
  async function recordFailure(input: FailureInput, executor: Executor = db): Promise<Payment> {
    const at = nowIso(deps);
    const decision = allowed(
      decide(paymentStatusMachine, attempt, { type: 'payment.fail', reason: input.reason }),
    );
    return executor
      .insertInto('payments')
      .values({
        user_id: input.order.user_id,
        subscription_id: input.order.subscription_id,
        payment_order_id: input.order.id,
        status: decision.next as PaymentStatus,
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
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Tells the customer; call after the transaction committed. */
  async function notifySuccess(payment: Payment): Promise<void> {
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
  async function notifyFailure(payment: Payment): Promise<void> {
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

  /** Open orders older than a day, or of subscriptions no longer awaiting payment, expire. */
  async function expireStaleOrders(): Promise<number> {
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - STALE_ORDER_HOURS * 3600_000).toISOString();
    const result = await db
      .updateTable('payment_orders')
      .set({ status: ORDER_EXPIRED, updated_at: now.toISOString() })
      .where('status', '=', ORDER_OPEN)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', cutoff),
          eb(
            'subscription_id',
            'in',
            eb.selectFrom('subscriptions').select('id').where('status', '<>', 'PENDING_PAYMENT'),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    openOrder,
    settle,
    settleInTransaction,
    recordOffline,
    recordFailure,
    notifySuccess,
    notifyFailure,
    expireStaleOrders,
  };
}
