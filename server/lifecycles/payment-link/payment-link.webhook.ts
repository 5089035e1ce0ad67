// Razorpay's payment_link.* webhook events, once the webhook endpoint has verified their signature
// (lifecycles/payment/payment-webhook.handlers.ts, the one verification of every event): paid
// settles the link's payment through the payment-link store, expired and cancelled end the link.
import type { AppContext } from '@server/context.js';
import type { SettleOutcome } from './payment-request.js';

/** Razorpay's payment entity, as its events carry it (each field as sent: checked where read). */
export interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  method?: unknown;
  created_at?: unknown;
  error_description?: unknown;
  error_reason?: unknown;
}

export interface PaymentLinkWebhookEvent {
  event: string;
  payload: {
    payment_link?: { entity?: { id?: unknown; reference_id?: unknown; amount?: unknown } };
    payment?: { entity?: PaymentEntity };
    order?: { entity?: { id?: unknown } };
  };
}

/** A field of a provider's event as text: null when it is absent or empty. */
export const eventText = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : null;

/** When the customer paid: the payment entity's created_at (Unix seconds), else now. */
function paidAtOf(ctx: AppContext, createdAt: unknown): string {
  const seconds = Number(createdAt);
  return Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000).toISOString()
    : ctx.clock.now().toISOString();
}

/**
 * What a paid event's payment entity says the settling needs (but its amount, which each event
 * reads as its own): null when it names no payment, and the event is ignored.
 */
export function paidEntityFacts(ctx: AppContext, payment: PaymentEntity | undefined) {
  const providerPaymentId = eventText(payment?.id);
  if (!providerPaymentId) return null;
  return {
    providerPaymentId,
    method: eventText(payment?.method),
    paidAt: paidAtOf(ctx, payment?.created_at),
  };
}

/** The webhook's answer for a settled request; one the store ignored is logged with why. */
export function settledAnswer(
  ctx: AppContext,
  outcome: SettleOutcome,
  logged: Record<string, unknown>,
  message: string,
): { status: SettleOutcome['status'] } {
  if (outcome.status === 'ignored') ctx.log.warn({ ...logged, reason: outcome.reason }, message);
  return { status: outcome.status };
}

/** What applying a provider's event answers the webhook endpoint. */
export type WebhookAnswer = Promise<{ status: 'processed' | 'duplicate' | 'ignored' }>;

export const isPaymentLinkEvent = (name: string) => name.startsWith('payment_link.');

export async function applyPaymentLinkEvent(
  ctx: AppContext,
  event: PaymentLinkWebhookEvent,
): WebhookAnswer {
  const links = ctx.stores.paymentLinks;
  const linkEntity = event.payload.payment_link?.entity;
  const linkId = eventText(linkEntity?.id);
  if (!linkId) return { status: 'ignored' };
  if (event.event === 'payment_link.expired' || event.event === 'payment_link.cancelled') {
    const status = await links.endFromProvider(
      linkId,
      event.event === 'payment_link.expired' ? 'payment_link.expire' : 'payment_link.cancel',
    );
    return { status };
  }
  if (event.event !== 'payment_link.paid') return { status: 'ignored' };
  const payment = event.payload.payment?.entity;
  const paid = paidEntityFacts(ctx, payment);
  if (!paid) return { status: 'ignored' };
  const outcome = await links.settlePaid({
    ...paid,
    linkId,
    referenceId: eventText(linkEntity?.reference_id),
    providerOrderId: eventText(payment?.order_id) ?? eventText(event.payload.order?.entity?.id),
    amountPaise: Number(payment?.amount ?? linkEntity?.amount),
  });
  return settledAnswer(ctx, outcome, { linkId }, 'payment link webhook not applied');
}
