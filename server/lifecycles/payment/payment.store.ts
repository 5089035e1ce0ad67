// The payment lifecycle's store: checkout orders, the settling of an order (one SUCCESS payment with
// a gap-free receipt number and one activation, whoever comes first of verify and the webhook),
// money the owner received at the mess (settled the same way), failed attempts, and the customer's
// notices. Payment rows are written in the state the payment status machine decides, orders by
// order.store.ts in the state the order machine decides; the subscription is activated through the
// subscription store.
import { decide } from '@machines/shared';
import {
  type OfflinePaymentFacts,
  type OfflinePaymentMode,
  offlinePaymentProblems,
  type PaymentStatus,
  type PaymentStatusEvent,
  paymentStatusMachine,
} from '@machines/payment';
import { subscriptionMachine, subscriptionRefusals } from '@machines/subscription';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { taxInvoiceColumns } from '@server/platform/gst.js';
import type { Payment, PaymentOrder, Subscription, User } from '@server/platform/db/schema.js';
import { refusalFieldErrors, refusalError } from '@server/errors.js';
import { providerId } from '@server/services/payments/ids.js';
import type { PaymentProvider } from '@server/services/payments/provider.js';
import { dateInZone } from '@server/platform/time.js';
import { auditLabel, auditPart, recordAudit } from '@server/lifecycles/audit.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { SubscriptionStore } from '@server/lifecycles/subscription/subscription.store.js';
import { readSubscription } from '@server/lifecycles/subscription/subscription.read.js';
import type { LedgerStore } from '@server/lifecycles/dues/dues.store.js';
import {
  advanceOf,
  dueOfSubscription,
  owingSubscriptions,
  payableDue,
  subscriptionLedgers,
} from '@server/lifecycles/dues/dues.read.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { MIN_PAYMENT_PAISE, startsWithDues } from '@machines/dues';
import { createOrderStore } from './order.store.js';
import { invoiceBuyerColumns } from './invoice-buyer.js';
import { createPaymentNotices } from './payment.notices.js';
import { OFFLINE_GATEWAY, RECEIPT_COUNTER } from './payment.read.js';

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
  /** The form's id for this recording (a retry or a double tap sends the same one). */
  requestId: string | null;
}

/** What a SUCCESS payment records besides what the machine decides, however it was paid. */
export interface Settlement {
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
  /** The client's id for a counter recording: sent twice, recorded once. */
  requestId?: string | null;
  /**
   * Whether the payment starts a subscription awaiting payment as the policy says (the default);
   * false for a walk-in's part payment, which starts as the owner chose at the counter.
   */
  startsByPolicy?: boolean;
}

/** Money a provider reports received outside a checkout order (a payment link, a UPI QR code). */
export interface ReceivedInput {
  subscriptionId: number;
  userId: number;
  amountPaise: number;
  gateway: string;
  paymentMode: string | null;
  /** The provider's payment id (pay_…), which becomes the transaction id. */
  providerPaymentId: string;
  providerOrderId: string | null;
  /** What it was paid through (a payment link's reference), kept as the payment's comment. */
  reference: string;
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
  ledger: LedgerStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;
  const notices = createPaymentNotices(deps);
  const orders = createOrderStore(deps, provider);

  /**
   * subscription.pay: the open order of the subscription (reused while its provider is the one
   * configured) or a new one from the provider. `created` says whether it is new.
   */
  async function openOrder(
    user: User,
    subscription: Subscription,
  ): Promise<{ order: PaymentOrder; created: boolean }> {
    const state = await readSubscription(db, subscription, deps.today());
    const pay = decide(subscriptionMachine, state, { type: 'subscription.pay' });
    // An active subscription that started with dues (the owner's policy) is paid off online too:
    // the order asks for what it still owes.
    const owing =
      !pay.ok &&
      state.value === 'ACTIVE' &&
      (await dueOfSubscription(db, subscription)) >= MIN_PAYMENT_PAISE;
    if (!owing) allowed(pay);
    return orders.open(user, subscription);
  }

  /**
   * Marks the order paid, records the SUCCESS payment and activates the subscription, all in `trx`.
   * The conditional UPDATE on the order is what makes concurrent callers agree on one winner.
   */
  async function settleInTransaction(trx: Executor, input: SettleInput): Promise<SettleOutcome> {
    const claimed = await orders.claimPaid(trx, input.order);
    if (!claimed) return settleCapturedAgain(trx, input);
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
   * A payment the provider captured on an order that can take no payment any more (paid already by
   * another payment id, or failed): the money was still taken, so it is recorded, once by its
   * payment id, outside the order (whose one SUCCESS stays), through the settle path, which keeps
   * what the subscription no longer owes as the customer's advance. Never a second payment for the
   * same days; never invisible.
   */
  async function settleCapturedAgain(trx: Executor, input: SettleInput): Promise<SettleOutcome> {
    if (await paymentOfProvider(trx, input.providerPaymentId)) return { activated: false };
    const payment = await succeedInTransaction(trx, {
      userId: input.order.user_id,
      subscriptionId: input.order.subscription_id,
      paymentOrderId: null,
      amountPaise: input.order.amount_paise,
      currency: input.order.currency,
      gateway: input.order.provider,
      paymentMode: input.paymentMode,
      event: { type: 'payment.succeed', transactionId: input.providerPaymentId },
      providerOrderId: input.order.order_id,
      providerPaymentId: input.providerPaymentId,
      utr: null,
      adminComment: `Captured again on order ${input.order.order_id}, which was already settled.`,
      receivedOn: null,
      recordedBy: null,
    });
    return { activated: true, payment };
  }

  /** The SUCCESS payment recorded for the provider's payment id (pay_…), if any. */
  const paymentOfProvider = (executor: Executor, providerPaymentId: string) =>
    executor
      .selectFrom('payments')
      .selectAll()
      .where('razorpay_payment_id', '=', providerPaymentId)
      .where('status', '=', 'SUCCESS')
      .executeTakeFirst();

  /** The subscription's row, held until the transaction ends (SQLite: one writer already). */
  async function lockSubscription(trx: Executor, subscriptionId: number) {
    let query = trx.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId);
    if (deps.db.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw refusalError(subscriptionRefusals.states.DELETED);
    return row;
  }

  /**
   * The one settle path of every payment, online or offline, whole or in part, in `trx`: the
   * payment status machine decides the SUCCESS; the ledger charges the subscription (once) and
   * takes the payment off it; a subscription awaiting payment starts from today when what it still
   * owes is within the owner's payment policy (the subscription store's conditional UPDATE lets
   * one concurrent caller win); and the payment takes the next gap-free receipt number.
   */
  async function succeedInTransaction(trx: Executor, settlement: Settlement): Promise<Payment> {
    const at = nowIso(deps);
    const today = deps.today();
    const recorded = allowed(decide(paymentStatusMachine, attempt, settlement.event));
    const subscription = await lockSubscription(trx, settlement.subscriptionId);
    const on = settlement.receivedOn ?? today;
    // What the subscription owed before this payment: that much pays it, the rest is the customer's
    // advance (money that came after the due was settled another way is never a second payment for
    // the same days).
    const ledgers = await subscriptionLedgers(trx, [subscription.id]);
    const owedPaise = payableDue(subscription, ledgers.get(subscription.id));
    const appliedPaise = Math.min(settlement.amountPaise, owedPaise);
    const advancePaise = settlement.amountPaise - appliedPaise;
    if (appliedPaise > 0) await ledger.charge(trx, subscription, on, settlement.recordedBy);
    const payment = await trx
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
        request_id: settlement.requestId ?? null,
        advance_paise: advancePaise,
        created_at: at,
        updated_at: at,
        // The invoice is fixed now: later GST settings never rewrite it.
        ...taxInvoiceColumns(deps.config.gst, settlement.amountPaise),
        ...(await invoiceBuyerColumns(trx, deps.config.gst, settlement.userId)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (appliedPaise > 0) {
      await ledger.post(trx, {
        userId: payment.user_id,
        subscriptionId: payment.subscription_id,
        kind: 'payment',
        amountPaise: appliedPaise,
        sourceType: 'payment',
        sourceId: payment.id,
        occurredOn: on,
        description: `Payment for subscription #${payment.subscription_id}`,
        createdBy: settlement.recordedBy,
      });
    }
    if (advancePaise > 0) {
      await ledger.post(trx, {
        userId: payment.user_id,
        subscriptionId: null,
        kind: 'credit',
        amountPaise: advancePaise,
        sourceType: 'payment',
        sourceId: payment.id,
        occurredOn: on,
        description: `Advance: paid beyond what was owed (payment #${payment.id})`,
        createdBy: settlement.recordedBy,
      });
    }
    if (subscription.status === 'PENDING_PAYMENT' && settlement.startsByPolicy !== false) {
      await startIfPaidEnough(trx, subscription, today, settlement.recordedBy);
    }
    // An advance pays the customer's other dues first; what is left waits for their next bill.
    if (advancePaise > 0) await useAdvance(trx, payment.user_id, on, settlement.recordedBy);
    return payment;
  }

  /**
   * A subscription awaiting payment starts from today once what it still owes is within the
   * owner's payment policy (charged first, so its ledger reads as a bill from then on).
   */
  async function startIfPaidEnough(
    trx: Executor,
    subscription: Subscription,
    today: string,
    by: number | null,
  ): Promise<boolean> {
    const due = await dueOfSubscription(trx, subscription);
    const { payments: policy } = await readSettings(trx);
    if (!startsWithDues(policy, due)) return false;
    await ledger.charge(trx, subscription, today, by);
    await subscriptions.activate(trx, subscription.id, today);
    return true;
  }

  /**
   * Uses the customer's advance for what their subscriptions owe, oldest first, in `trx`: each use
   * is an advance application with two entries (the advance spent, the subscription paid), so the
   * balance is unchanged and the subscription owes less; one awaiting payment that is now paid
   * enough starts. Under the customer's balance lock, so concurrent uses never spend one rupee
   * twice. Returns the subscriptions it paid something of.
   */
  async function useAdvance(
    trx: Executor,
    userId: number,
    on: string,
    by: number | null,
  ): Promise<number[]> {
    await ledger.lock(trx, userId);
    let availablePaise = await advanceOf(trx, userId);
    if (availablePaise <= 0) return [];
    const source = await trx
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('advance_paise', '>', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const paid: number[] = [];
    for (const { subscription, duePaise } of await owingSubscriptions(trx, userId)) {
      const amountPaise = Math.min(availablePaise, duePaise);
      if (amountPaise <= 0) break;
      const application = await trx
        .insertInto('advance_applications')
        .values({
          user_id: userId,
          subscription_id: subscription.id,
          payment_id: source?.id ?? null,
          amount_paise: amountPaise,
          created_at: nowIso(deps),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A bill awaiting payment becomes one when something pays it, as with a part payment.
      if (subscription.status === 'PENDING_PAYMENT') {
        await ledger.charge(trx, subscription, on, by);
      }
      const entry = {
        userId,
        amountPaise,
        sourceType: 'advance_application' as const,
        sourceId: application.id,
        occurredOn: on,
        createdBy: by,
      };
      await ledger.post(trx, {
        ...entry,
        subscriptionId: null,
        kind: 'charge',
        description: `Advance used for subscription #${subscription.id}`,
      });
      await ledger.post(trx, {
        ...entry,
        subscriptionId: subscription.id,
        kind: 'credit',
        description: `Paid from the advance for subscription #${subscription.id}`,
      });
      if (subscription.status === 'PENDING_PAYMENT') {
        await startIfPaidEnough(trx, subscription, deps.today(), by);
      }
      paid.push(subscription.id);
      availablePaise -= amountPaise;
    }
    return paid;
  }

  /**
   * The customer's advance used for their bills (a new subscription, dues), in its own
   * transaction: after a subscription is made, so an advance pays the next bill.
   */
  function applyAdvance(userId: number, by: number | null = null): Promise<number[]> {
    return db.transaction().execute((trx) => useAdvance(trx, userId, deps.today(), by));
  }

  /**
   * Money received at the counter for `subscription`, whose rules (`facts`) the caller checked:
   * recorded through the one settle path, in the caller's `trx` (a recording, a walk-in's
   * enrolment).
   */
  function settleAtCounter(
    trx: Executor,
    owner: User,
    subscription: Subscription,
    counter: {
      facts: OfflinePaymentFacts;
      note: string | null;
      requestId: string | null;
      startsByPolicy?: boolean;
    },
  ): Promise<Payment> {
    const { facts } = counter;
    return succeedInTransaction(trx, {
      userId: subscription.user_id,
      subscriptionId: subscription.id,
      paymentOrderId: null,
      amountPaise: facts.amountPaise,
      currency: 'INR',
      gateway: OFFLINE_GATEWAY,
      paymentMode: facts.mode,
      event: {
        type: 'payment.record_offline',
        transactionId: providerId('offline'),
        offline: facts,
      },
      providerOrderId: null,
      providerPaymentId: null,
      utr: facts.reference,
      adminComment: counter.note,
      receivedOn: facts.receivedOn,
      recordedBy: owner.id,
      requestId: counter.requestId,
      startsByPolicy: counter.startsByPolicy ?? true,
    });
  }

  /**
   * Cash a rider collected and the owner confirmed, in the confirmation's `trx`: a cash payment of
   * the subscription the stop delivered, through the one settle path, so it pays what is owed and
   * the rest is kept as the customer's advance. Its request id is the collection's: recorded once.
   */
  function settleCollected(
    trx: Executor,
    owner: User,
    collection: {
      id: number;
      user_id: number;
      subscription_id: number;
      amount_paise: number;
      date: string;
      meal: string;
    },
  ): Promise<Payment> {
    const today = deps.today();
    return succeedInTransaction(trx, {
      userId: collection.user_id,
      subscriptionId: collection.subscription_id,
      paymentOrderId: null,
      amountPaise: collection.amount_paise,
      currency: 'INR',
      gateway: OFFLINE_GATEWAY,
      paymentMode: 'cash',
      event: { type: 'payment.succeed', transactionId: providerId('offline') },
      providerOrderId: null,
      providerPaymentId: null,
      utr: null,
      adminComment: `Cash collected on delivery (${collection.date}, ${collection.meal}).`,
      receivedOn: collection.date < today ? collection.date : today,
      recordedBy: owner.id,
      requestId: `cash-collection-${collection.id}`,
    });
  }

  /** What runs once a payment has committed, for its customer (payment links' withdrawal). */
  const settledListeners: Array<(payment: Payment) => Promise<unknown>> = [];

  /**
   * After a payment's commit: the customer is told, and every listener runs (open payment links and
   * QR codes asking more than is now owed are withdrawn). A listener's failure is logged: the
   * payment stands, and the hourly sweep tries again.
   */
  async function afterSettled(payment: Payment): Promise<void> {
    await notices.success(payment);
    for (const listener of settledListeners) {
      try {
        await listener(payment);
      } catch (error) {
        deps.log.warn({ err: error, paymentId: payment.id }, 'after-payment step failed');
      }
    }
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
    // A form sent twice (a retry, a double tap) records once: the first recording answers.
    const replayed = await byRequestId(input.requestId);
    if (replayed) return replayed;
    // Owing nothing is the first thing to say: no field can make that right. A subscription
    // awaiting payment owes its price; one that started with dues, or was cancelled owing, its dues.
    const due = await dueOfSubscription(db, subscription);
    if (due <= 0) {
      // Read afresh: the caller's row may predate a recording that has paid it since.
      const now = await lockSubscription(db, subscription.id);
      const state = await readSubscription(db, now, today);
      allowed(decide(subscriptionMachine, state, { type: 'payment.succeeded', paidOn: today }));
    }
    const facts: OfflinePaymentFacts = {
      amountPaise: input.amountPaise,
      amountDuePaise: due,
      mode: input.mode,
      reference: input.reference,
      receivedOn: input.receivedOn,
      today,
      subscriptionCreatedOn: dateInZone(new Date(subscription.created_at), deps.config.businessTz),
    };
    const problems = offlinePaymentProblems(facts);
    if (problems.length > 0) throw refusalFieldErrors(problems);
    let payment: Payment;
    try {
      payment = await db.transaction().execute(async (trx) => {
        // Paid now: a checkout the customer left open must not take their money a second time.
        // Orders first, then the subscription: the order in which verify and the webhook lock
        // them, so a recording racing them waits instead of deadlocking on PostgreSQL.
        await orders.expireOpenOf(trx, subscription.id);
        // What it owes now, under the subscription's lock: concurrent recordings queue here, and
        // the second is refused when the first paid what was due.
        await lockSubscription(trx, subscription.id);
        const dueNow = await dueOfSubscription(trx, subscription);
        if (dueNow <= 0) {
          // Paid in full meanwhile: the same refusal as when nothing was owed to begin with.
          const now = await lockSubscription(trx, subscription.id);
          const state = await readSubscription(trx, now, today);
          allowed(decide(subscriptionMachine, state, { type: 'payment.succeeded', paidOn: today }));
        }
        const late = offlinePaymentProblems({ ...facts, amountDuePaise: dueNow });
        if (late.length > 0) throw refusalFieldErrors(late);
        const recorded = await settleAtCounter(trx, owner, subscription, {
          facts,
          note: input.note,
          requestId: input.requestId,
        });
        const after = await lockSubscription(trx, subscription.id);
        const stillDue = await dueOfSubscription(trx, after);
        const active = after.status === 'ACTIVE';
        const outcome =
          stillDue > 0
            ? active
              ? 'audit.part.recorded.due_active'
              : 'audit.part.recorded.due'
            : active
              ? 'audit.part.recorded.active'
              : 'audit.part.recorded.paid';
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'payment.record_offline',
          objectType: 'payment',
          objectId: recorded.id,
          summary: {
            key: 'audit.summary.payment.record_offline',
            values: {
              amount: { money: recorded.amount_paise },
              mode: auditLabel('label.payment_mode', recorded.payment_mode ?? 'offline'),
              reference: auditPart(recorded.utr, 'audit.part.reference', {
                reference: recorded.utr ?? '',
              }),
              date: { date: input.receivedOn },
              subscription: subscription.id,
              outcome: { message: outcome, values: { due: { money: stillDue } } },
            },
          },
          before: { subscription_status: subscription.status },
          after: {
            subscription_status: after.status,
            amount_due_paise: stillDue,
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
      // The same form's recording committed first: it is the answer.
      const first = isUniqueViolation(error) ? await byRequestId(input.requestId) : undefined;
      if (first) return first;
      throw error;
    }
    await afterSettled(payment);
    return payment;
  }

  /** The payment a counter recording with this request id made, if any. */
  async function byRequestId(requestId: string | null): Promise<Payment | undefined> {
    if (!requestId) return undefined;
    return db
      .selectFrom('payments')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /**
   * Records money a provider reported received (a payment link paid) as a SUCCESS payment through
   * the one settle path, in the caller's `trx`, where the caller has already claimed what was paid
   * (its conditional UPDATE) so that it is settled once.
   */
  function settleReceived(trx: Executor, input: ReceivedInput): Promise<Payment> {
    return succeedInTransaction(trx, {
      userId: input.userId,
      subscriptionId: input.subscriptionId,
      paymentOrderId: null,
      amountPaise: input.amountPaise,
      currency: 'INR',
      gateway: input.gateway,
      paymentMode: input.paymentMode,
      event: { type: 'payment.succeed', transactionId: input.providerPaymentId },
      providerOrderId: input.providerOrderId,
      providerPaymentId: input.providerPaymentId,
      utr: null,
      adminComment: input.reference,
      receivedOn: null,
      recordedBy: null,
    });
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
    if (outcome.activated) await afterSettled(outcome.payment);
    return outcome;
  }

  /**
   * Records a FAILED payment attempt for an order, as the payment status machine decides it. A
   * failure told after the order was paid (a late or out-of-order delivery), or about a payment id
   * recorded as a success, changes nothing and is not recorded: null.
   */
  async function recordFailure(
    input: FailureInput,
    executor: Executor = db,
  ): Promise<Payment | null> {
    const order = await executor
      .selectFrom('payment_orders')
      .select('status')
      .where('id', '=', input.order.id)
      .executeTakeFirst();
    if (order?.status === 'paid') return null;
    if (input.providerPaymentId && (await paymentOfProvider(executor, input.providerPaymentId))) {
      return null;
    }
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

  return {
    openOrder,
    settle,
    settleInTransaction,
    settleReceived,
    settleAtCounter,
    recordOffline,
    settleCollected,
    recordFailure,
    applyAdvance,
    afterSettled,
    /** Runs `listener` after every payment's commit (see afterSettled). */
    onSettled: (listener: (payment: Payment) => Promise<unknown>) => {
      settledListeners.push(listener);
    },
    notifyFailure: notices.failure,
    /** Open orders older than a day, or of subscriptions no longer awaiting payment, expire. */
    expireStaleOrders: orders.expireStale,
  };
}
