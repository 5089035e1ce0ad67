// Payments on Razorpay's protocol: orders, verification, the webhook, the sandbox checkout,
// receipts and the owner's payment views.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { decide } from '../../machines/shared/lifecycle.js';
import { subscriptionMachine } from '../../machines/subscription/index.js';
import type { components } from '../../generated/api.js';
import type { AppContext } from '../context.js';
import type { Database, PaymentOrder, User } from '../db/schema.js';
import { ApiError, detailError, forbidden, nonFieldError, notFound } from '../errors.js';
import { isOwner, requireCustomer, requireOwner, requireUser, type Handlers } from '../http.js';
import { page } from '../paging.js';
import {
  effectiveStatus,
  fullName,
  loadSubscriptionBody,
  loadSubscriptionState,
  rupees,
} from '../serializers/subscriptions.js';
import { providerId } from '../services/payments/ids.js';
import {
  createPaymentProvider,
  ProviderError,
  type PaymentProvider,
} from '../services/payments/provider.js';
import {
  notifyPaymentFailure,
  notifyPaymentSuccess,
  recordFailedPayment,
  settleInTransaction,
  type SettleOutcome,
} from '../services/payments/settle.js';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
} from '../services/payments/signatures.js';
import { formatReceiptNumber, loadReceipt, receiptHtml, receiptPdf } from '../services/receipts.js';
import { businessDayStart } from '../time.js';
import { isUniqueViolation } from '../db/index.js';

type PaymentBody = components['schemas']['Payment'];
type AdminPaymentBody = components['schemas']['AdminPayment'];

export const VERIFY_FAILED = 'Failed to verify payment.';
export const PAYMENT_DETAILS_FORBIDDEN =
  'Unauthorized Access: You do not have permission to access payment details.';
const SIGNATURE_FAILURE_REASON = 'Payment signature verification failed.';
const SANDBOX_DECLINED_REASON = 'Payment declined at the sandbox checkout.';

const nextDate = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** LIKE with the user's text taken literally. */
const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function paymentHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;
  const settings = ctx.config.payments;
  const provider: PaymentProvider = createPaymentProvider(ctx.config);

  function paymentRows() {
    return db
      .selectFrom('payments')
      .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .selectAll('payments')
      .select([
        'subscriptions.status as subscription_status',
        'subscriptions.adjusted_end_date as subscription_adjusted_end_date',
        'subscriptions.start_date as subscription_start_date',
        'subscriptions.base_end_date as subscription_base_end_date',
        'subscriptions.total_paid_paise as subscription_total_paid_paise',
        'plans.name as plan_name',
        'plans.service_type as plan_service_type',
        'plans.base_price_paise as plan_base_price_paise',
        'plans.duration_days as plan_duration_days',
        'users.username as user_username',
        'users.first_name as user_first_name',
        'users.last_name as user_last_name',
      ]);
  }
  type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['executeTakeFirstOrThrow']>>;

  function paymentBody(row: PaymentRow): PaymentBody {
    const subscriptionStatus = effectiveStatus(
      { status: row.subscription_status, adjusted_end_date: row.subscription_adjusted_end_date },
      ctx.today(),
    );
    return {
      id: row.id,
      status: row.status,
      amount_inr: rupees(row.amount_paise),
      currency: 'INR',
      transaction_id: row.transaction_id,
      payment_gateway: row.payment_gateway as PaymentBody['payment_gateway'],
      payment_mode: row.payment_mode,
      subscription: {
        id: row.subscription_id,
        plan_name: row.plan_name,
        status: subscriptionStatus,
      },
      failure_reason: row.failure_reason,
      created_at: row.created_at,
      utr: row.utr,
      admin_comment: row.admin_comment,
      user_first_name: row.user_first_name,
      user_last_name: row.user_last_name,
      user: {
        id: row.user_id,
        first_name: row.user_first_name,
        last_name: row.user_last_name,
        username: row.user_username,
      },
      razorpay_order_id: row.razorpay_order_id ?? '',
      razorpay_payment_id: row.razorpay_payment_id,
      receipt_number: formatReceiptNumber(row.receipt_number),
    };
  }

  function adminPaymentBody(row: PaymentRow): AdminPaymentBody {
    const body = paymentBody(row);
    return {
      ...body,
      subscription_status: body.subscription.status,
      start_date: row.subscription_start_date,
      base_end_date: row.subscription_base_end_date,
      total_paid: rupees(row.subscription_total_paid_paise),
      plan: {
        name: row.plan_name,
        service_type: row.plan_service_type,
        base_price: rupees(row.plan_base_price_paise),
        duration_days: row.plan_duration_days,
      },
    };
  }

  async function paymentById(id: number): Promise<PaymentRow> {
    const row = await paymentRows().where('payments.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The caller's payment, or any payment for the owner; else 404. */
  async function visiblePayment(user: User, id: number): Promise<PaymentRow> {
    const row = await paymentById(id);
    if (row.user_id !== user.id && !isOwner(user)) throw notFound();
    return row;
  }

  function orderBody(order: PaymentOrder) {
    return {
      id: order.id,
      order_id: order.order_id,
      amount: Number(order.amount_paise),
      currency: 'INR' as const,
      status: order.status,
      subscription_id: order.subscription_id,
      created_at: order.created_at,
    };
  }

  function checkoutBody(order: PaymentOrder, user: User) {
    return {
      key: settings.keyId,
      amount: Number(order.amount_paise),
      currency: 'INR' as const,
      order_id: order.order_id,
      subscription_id: order.subscription_id,
      provider: order.provider as 'sandbox' | 'razorpay',
      name: ctx.config.business.name,
      description: `Payment for subscription #${order.subscription_id}`,
      prefill: { name: fullName(user) || user.username, email: user.email, contact: user.phone },
    };
  }

  async function callerOrder(user: User, orderId: string): Promise<PaymentOrder> {
    const order = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!order) throw notFound();
    return order;
  }

  /** Settles an order in one transaction; a lost race (already paid) is a no-op. */
  async function settle(
    order: PaymentOrder,
    providerPaymentId: string,
    paymentMode: string | null,
  ): Promise<SettleOutcome> {
    try {
      return await db
        .transaction()
        .execute((trx) => settleInTransaction(ctx, trx, { order, providerPaymentId, paymentMode }));
    } catch (error) {
      // The partial unique index (one SUCCESS per order) caught a race the UPDATE did not.
      if (isUniqueViolation(error)) return { activated: false };
      throw error;
    }
  }

  async function successOf(order: PaymentOrder) {
    return paymentRows()
      .where('payments.payment_order_id', '=', order.id)
      .where('payments.status', '=', 'SUCCESS')
      .executeTakeFirst();
  }

  return {
    async listPayments(request) {
      const user = requireUser(request);
      let select = paymentRows()
        .where('payments.user_id', '=', user.id)
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc');
      if (request.query?.status)
        select = select.where('payments.status', '=', request.query.status);
      return (await select.execute()).map(paymentBody);
    },

    async getPayment(request) {
      const user = requireUser(request);
      return paymentBody(await visiblePayment(user, request.params.id));
    },

    async getPaymentReceipt(request, reply) {
      const user = requireUser(request);
      const receipt = await loadReceipt(db, ctx.config, request.params.id);
      if (!receipt || (receipt.userId !== user.id && !isOwner(user))) throw notFound();
      return reply.type('text/html; charset=utf-8').send(receiptHtml(receipt));
    },

    async getPaymentReceiptPdf(request, reply) {
      const user = requireUser(request);
      const receipt = await loadReceipt(db, ctx.config, request.params.id);
      if (!receipt || (receipt.userId !== user.id && !isOwner(user))) throw notFound();
      const pdf = await receiptPdf(receipt);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt_${receipt.paymentId}.pdf"`)
        .send(pdf);
    },

    async listOrders(request) {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('payment_orders')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(orderBody);
    },

    async createOrder(request, reply) {
      const user = requireCustomer(request);
      const subscription = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', request.body.subscription)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!subscription) throw notFound();
      const state = await loadSubscriptionState(db, subscription, ctx.today());
      const decision = decide(subscriptionMachine, state, { type: 'subscription.pay' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);

      const openOrder = () =>
        db
          .selectFrom('payment_orders')
          .selectAll()
          .where('subscription_id', '=', subscription.id)
          .where('status', '=', 'created')
          .executeTakeFirst();
      const existing = await openOrder();
      if (existing && existing.provider === provider.name) {
        reply.code(200);
        return checkoutBody(existing, user);
      }
      const now = ctx.clock.now().toISOString();
      if (existing) {
        // Left open under another provider (the configuration changed): start afresh.
        await db
          .updateTable('payment_orders')
          .set({ status: 'expired', updated_at: now })
          .where('id', '=', existing.id)
          .where('status', '=', 'created')
          .execute();
      }
      let orderId: string;
      try {
        ({ orderId } = await provider.createOrder({
          amountPaise: subscription.total_paid_paise,
          currency: 'INR',
          receipt: `subscription_${subscription.id}`,
          notes: { subscription_id: String(subscription.id), user_id: String(user.id) },
        }));
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.error({ err: error }, 'payment provider refused the order');
        throw detailError(502, 'Failed to initiate payment.', 'payment.provider_unavailable');
      }
      try {
        const order = await db
          .insertInto('payment_orders')
          .values({
            order_id: orderId,
            subscription_id: subscription.id,
            user_id: user.id,
            amount_paise: subscription.total_paid_paise,
            currency: 'INR',
            status: 'created',
            provider: provider.name,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        reply.code(201);
        return checkoutBody(order, user);
      } catch (error) {
        // Another request opened the order first: the partial unique index keeps one; reuse it.
        if (!isUniqueViolation(error)) throw error;
        const winner = await openOrder();
        if (!winner) throw error;
        reply.code(200);
        return checkoutBody(winner, user);
      }
    },

    async verifyPayment(request) {
      const user = requireCustomer(request);
      const body = request.body;
      const order = await callerOrder(user, body.razorpay_order_id);
      const valid = isValidPaymentSignature(
        settings.keySecret,
        order.order_id,
        body.razorpay_payment_id,
        body.razorpay_signature,
      );
      if (!valid) {
        if (order.status !== 'paid') {
          const failed = await recordFailedPayment(ctx, {
            order,
            providerPaymentId: body.razorpay_payment_id,
            reason: SIGNATURE_FAILURE_REASON,
          });
          await notifyPaymentFailure(ctx, failed);
        }
        throw detailError(400, VERIFY_FAILED, 'payment.invalid_signature');
      }
      const outcome = await settle(
        order,
        body.razorpay_payment_id,
        order.provider === 'sandbox' ? 'sandbox' : null,
      );
      if (outcome.activated) await notifyPaymentSuccess(ctx, outcome.payment);
      const success = await successOf(order);
      if (!success) throw detailError(400, VERIFY_FAILED, 'payment.not_settled');
      const subscription = await loadSubscriptionBody(db, success.subscription_id, ctx.today());
      if (!subscription) throw notFound();
      return {
        detail: outcome.activated ? 'Payment verified successfully.' : 'Payment already verified.',
        payment: paymentBody(success),
        subscription,
      };
    },

    async paymentWebhook(request) {
      const secret = settings.webhookSecret;
      if (!secret) throw detailError(400, 'Webhooks are not configured.', 'webhook.not_configured');
      const signature = request.headers['x-razorpay-signature'];
      const raw = request.rawBody;
      if (
        typeof signature !== 'string' ||
        !raw ||
        !isValidWebhookSignature(secret, raw, signature.trim())
      ) {
        throw detailError(400, 'Invalid webhook signature.', 'webhook.invalid_signature');
      }
      const header = request.headers['x-razorpay-event-id'];
      const eventId =
        typeof header === 'string' && header.trim() !== ''
          ? header.trim()
          : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      const event = request.body as {
        event: string;
        payload: {
          payment?: {
            entity?: {
              id?: unknown;
              order_id?: unknown;
              amount?: unknown;
              method?: unknown;
              error_description?: unknown;
            };
          };
        };
      };
      const now = ctx.clock.now().toISOString();
      const remember = (executor: Kysely<Database>) =>
        executor
          .insertInto('webhook_events')
          .values({ event_id: eventId, event_type: event.event, received_at: now })
          .onConflict((conflict) => conflict.column('event_id').doNothing())
          .returning('event_id')
          .executeTakeFirst();

      const entity = event.payload.payment?.entity;
      const paymentId = typeof entity?.id === 'string' ? entity.id : null;
      const orderRef = typeof entity?.order_id === 'string' ? entity.order_id : null;
      const order =
        orderRef && (event.event === 'payment.captured' || event.event === 'payment.failed')
          ? await db
              .selectFrom('payment_orders')
              .selectAll()
              .where('order_id', '=', orderRef)
              .executeTakeFirst()
          : undefined;
      if (!order || !paymentId) {
        return { status: (await remember(db)) ? 'ignored' : 'duplicate' } as const;
      }
      const method = typeof entity?.method === 'string' ? entity.method : null;

      if (event.event === 'payment.captured') {
        if (Number(entity?.amount) !== Number(order.amount_paise)) {
          request.log.warn(
            { eventId, orderId: order.order_id },
            'captured amount differs from the order',
          );
          return { status: (await remember(db)) ? 'ignored' : 'duplicate' } as const;
        }
        let result: 'duplicate' | SettleOutcome;
        try {
          result = await db.transaction().execute(async (trx) => {
            if (!(await remember(trx))) return 'duplicate' as const;
            return settleInTransaction(ctx, trx, {
              order,
              providerPaymentId: paymentId,
              paymentMode: method,
            });
          });
        } catch (error) {
          if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
          // The subscription cannot take the payment (deleted, already active): acknowledge it.
          request.log.warn({ eventId, err: error }, 'captured payment not applied');
          return { status: (await remember(db)) ? 'ignored' : 'duplicate' } as const;
        }
        if (result === 'duplicate') return { status: 'duplicate' } as const;
        if (result.activated) void notifyPaymentSuccess(ctx, result.payment);
        return { status: 'processed' } as const;
      }

      const reason =
        typeof entity?.error_description === 'string' && entity.error_description.trim() !== ''
          ? entity.error_description.slice(0, 500)
          : 'Payment failed at the provider.';
      const failed = await db.transaction().execute(async (trx) => {
        if (!(await remember(trx))) return null;
        return recordFailedPayment(
          ctx,
          { order, providerPaymentId: paymentId, reason, paymentMode: method },
          trx,
        );
      });
      if (!failed) return { status: 'duplicate' } as const;
      void notifyPaymentFailure(ctx, failed);
      return { status: 'processed' } as const;
    },

    async sandboxPay(request) {
      // The route must not exist in razorpay mode.
      if (settings.provider !== 'sandbox') throw notFound();
      const user = requireCustomer(request);
      const order = await callerOrder(user, request.body.order_id);
      if (order.status !== 'created') {
        throw nonFieldError('This order is no longer open for payment.', 'payment.order_not_open');
      }
      const providerPaymentId = providerId('pay');
      if (request.body.outcome === 'failure') {
        const failed = await recordFailedPayment(ctx, {
          order,
          providerPaymentId,
          reason: SANDBOX_DECLINED_REASON,
          paymentMode: 'sandbox',
        });
        await notifyPaymentFailure(ctx, failed);
        throw new ApiError(400, {
          detail: 'The payment was declined.',
          code: 'payment.declined',
          payment_id: String(failed.id),
        });
      }
      return {
        razorpay_payment_id: providerPaymentId,
        razorpay_order_id: order.order_id,
        razorpay_signature: paymentSignature(settings.keySecret, order.order_id, providerPaymentId),
      };
    },

    async adminListPayments(request, reply) {
      requireOwner(request);
      const query = request.query ?? {};
      let base = paymentRows();
      if (query.status) base = base.where('payments.status', '=', query.status);
      if (query.user) base = base.where('payments.user_id', '=', query.user);
      if (query.plan) base = base.where('subscriptions.plan_id', '=', query.plan);
      if (query.date_from) {
        base = base.where(
          'payments.created_at',
          '>=',
          businessDayStart(query.date_from, ctx.config.businessTz),
        );
      }
      if (query.date_to) {
        base = base.where(
          'payments.created_at',
          '<',
          businessDayStart(nextDate(query.date_to), ctx.config.businessTz),
        );
      }
      const search = query.search?.trim();
      if (search) {
        const pattern = containsPattern(search);
        const like = (column: string) =>
          sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        base = base.where((eb) =>
          eb.or([
            like('payments.transaction_id'),
            like('payments.razorpay_order_id'),
            like('payments.razorpay_payment_id'),
            like('users.username'),
            like('users.email'),
            like('users.phone'),
            like('users.first_name'),
            like('users.last_name'),
            sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`,
          ]),
        );
      }
      const rows = await page(base, reply, query, (ordered) =>
        ordered.orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc'),
      );
      return rows.map(adminPaymentBody);
    },

    async adminRecentPayments(request) {
      requireOwner(request);
      const rows = await paymentRows()
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .limit(20)
        .execute();
      return rows.map(adminPaymentBody);
    },

    async adminFailedPayments(request) {
      requireOwner(request);
      const rows = await paymentRows()
        .where('payments.status', '=', 'FAILED')
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc')
        .limit(500)
        .execute();
      return rows.map(adminPaymentBody);
    },

    async adminGetPayment(request) {
      const user = requireUser(request);
      if (!isOwner(user)) throw forbidden(PAYMENT_DETAILS_FORBIDDEN);
      return adminPaymentBody(await paymentById(request.params.id));
    },
  };
}
