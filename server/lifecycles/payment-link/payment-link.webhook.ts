// Razorpay's payment_link.* webhook events, once the webhook endpoint has verified their signature
// (lifecycles/payment/payment-webhook.handlers.ts, the one verification of every event): paid
// settles the link's payment through the payment-link store, expired and cancelled end the link.
import type { AppContext } from '@server/context.js';

export interface PaymentLinkWebhookEvent {
  event: string;
  payload: {
    payment_link?: { entity?: { id?: unknown; reference_id?: unknown; amount?: unknown } };
    payment?: {
      entity?: {
        id?: unknown;
        order_id?: unknown;
        amount?: unknown;
        method?: unknown;
        created_at?: unknown;
      };
    };
    order?: { entity?: { id?: unknown } };
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export const isPaymentLinkEvent = (name: string) => name.startsWith('payment_link.');

export async function applyPaymentLinkEvent(
  ctx: AppContext,
  event: PaymentLinkWebhookEvent,
): Promise<{ status: 'processed' | 'duplicate' | 'ignored' }> {
  const links = ctx.stores.paymentLinks;
  const linkEntity = event.payload.payment_link?.entity;
  const linkId = text(linkEntity?.id);
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
  const paymentId = text(payment?.id);
  if (!paymentId) return { status: 'ignored' };
  const createdAt = Number(payment?.created_at);
  const outcome = await links.settlePaid({
    linkId,
    referenceId: text(linkEntity?.reference_id),
    providerPaymentId: paymentId,
    providerOrderId: text(payment?.order_id) ?? text(event.payload.order?.entity?.id),
    amountPaise: Number(payment?.amount ?? linkEntity?.amount),
    method: text(payment?.method),
    paidAt:
      Number.isFinite(createdAt) && createdAt > 0
        ? new Date(createdAt * 1000).toISOString()
        : ctx.clock.now().toISOString(),
  });
  if (outcome.status === 'ignored') {
    ctx.log.warn({ linkId, reason: outcome.reason }, 'payment link webhook not applied');
  }
  return { status: outcome.status };
}
