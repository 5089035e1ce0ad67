// Razorpay's webhook: checked against the raw body, de-duplicated by what the signature covers, and
// settled (or recorded as a failed attempt) by the payment store exactly like verify_payment.
import { rememberDelivery } from './webhook-events.js';
import { createHash } from 'node:crypto';
import type { AppContext } from '@server/context.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { ApiError, refusalDetail } from '@server/errors.js';
import type { Handlers } from '@server/http.js';
import type { Executor } from '@server/lifecycles/store.js';
import type { SettleOutcome } from './payment.store.js';
import { PAYMENT_FAILURE_SENTENCES, paymentFailureKindOf } from '@machines/payment-link';
import { isValidWebhookSignature } from '@server/services/payments/signatures.js';
import {
  applyPaymentLinkEvent,
  isPaymentLinkEvent,
  type PaymentEntity,
  type PaymentLinkWebhookEvent,
} from '@server/lifecycles/payment-link/payment-link.webhook.js';
import {
  applyQrCodeEvent,
  isQrCodeEvent,
  type QrCodeWebhookEvent,
} from '@server/lifecycles/counter-qr/counter-qr.webhook.js';

interface WebhookEvent {
  event: string;
  payload: {
    payment?: { entity?: PaymentEntity };
    /** order.paid carries the order beside its payment. */
    order?: { entity?: { id?: unknown; amount_paid?: unknown } };
  };
}

/**
 * The events that mean "this order is paid": payment.captured and order.paid. A Razorpay account may
 * be set to send either or both; each settles the payment, and whichever comes second is a
 * duplicate of the first (they share one de-duplication key: the payment's).
 */
const SETTLING_EVENTS = new Set(['payment.captured', 'order.paid']);

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function paymentWebhookHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { payments } = ctx.stores;

  return {
    async paymentWebhook(request) {
      const secret = ctx.config.payments.webhookSecret;
      if (!secret) throw refusalDetail(400, 'webhook.not_configured');
      const signature = request.headers['x-razorpay-signature'];
      const raw = request.rawBody;
      if (
        typeof signature !== 'string' ||
        !raw ||
        !isValidWebhookSignature(secret, raw, signature.trim())
      ) {
        throw refusalDetail(400, 'webhook.invalid_signature');
      }
      const event = request.body as WebhookEvent;
      if (isPaymentLinkEvent(event.event)) {
        return applyPaymentLinkEvent(ctx, request.body as PaymentLinkWebhookEvent);
      }
      if (isQrCodeEvent(event.event)) {
        return applyQrCodeEvent(ctx, request.body as QrCodeWebhookEvent);
      }
      const entity = event.payload.payment?.entity;
      const paymentId = text(entity?.id);
      // X-Razorpay-Event-Id is not covered by the signature, so a replay can carry any value:
      // a delivery is known by what is signed, the event and its payment (or the whole body).
      const settles = SETTLING_EVENTS.has(event.event);
      const eventId = paymentId
        ? `${settles ? 'payment.captured' : event.event}:${paymentId}`
        : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      const remember = (executor: Executor) =>
        rememberDelivery(executor, {
          eventId,
          eventType: event.event,
          at: ctx.clock.now().toISOString(),
        });
      const acknowledge = async () =>
        ({ status: (await remember(db)) ? 'ignored' : 'duplicate' }) as const;

      const orderRef = text(entity?.order_id) ?? text(event.payload.order?.entity?.id);
      const order =
        orderRef && (settles || event.event === 'payment.failed')
          ? await db
              .selectFrom('payment_orders')
              .selectAll()
              .where('order_id', '=', orderRef)
              .executeTakeFirst()
          : undefined;
      if (!order || !paymentId) return acknowledge();
      const method = text(entity?.method);

      if (settles) {
        const amount = entity?.amount ?? event.payload.order?.entity?.amount_paid;
        if (Number(amount) !== Number(order.amount_paise)) {
          request.log.warn({ eventId, orderId: order.order_id }, 'captured amount differs');
          return acknowledge();
        }
        let result: 'duplicate' | SettleOutcome;
        try {
          result = await db.transaction().execute(async (trx) => {
            if (!(await remember(trx))) return 'duplicate' as const;
            return payments.settleInTransaction(trx, {
              order,
              providerPaymentId: paymentId,
              paymentMode: method,
            });
          });
        } catch (error) {
          if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
          // The subscription cannot take the payment (deleted, already active): acknowledge it.
          request.log.warn({ eventId, err: error }, 'captured payment not applied');
          return acknowledge();
        }
        if (result === 'duplicate') return { status: 'duplicate' } as const;
        if (result.activated) void payments.afterSettled(result.payment);
        return { status: 'processed' } as const;
      }

      // The provider's error reason says why in words a customer knows (declined by the bank,
      // cancelled, timed out); else its own description.
      const kind = paymentFailureKindOf(text(entity?.error_reason));
      const reason = kind
        ? PAYMENT_FAILURE_SENTENCES[kind]
        : text(entity?.error_description)?.trim()
          ? String(entity?.error_description).slice(0, 500)
          : 'Payment failed at the provider.';
      const failed = await db.transaction().execute(async (trx) => {
        if (!(await remember(trx))) return 'duplicate' as const;
        return payments.recordFailure(
          { order, providerPaymentId: paymentId, reason, paymentMode: method },
          trx,
        );
      });
      if (failed === 'duplicate') return { status: 'duplicate' } as const;
      // Told after the order was paid (deliveries come in any order): nothing changes, nobody is
      // told their payment failed.
      if (failed === null) return { status: 'ignored' } as const;
      void payments.notifyFailure(failed);
      return { status: 'processed' } as const;
    },
  } satisfies Partial<Handlers>;
}
