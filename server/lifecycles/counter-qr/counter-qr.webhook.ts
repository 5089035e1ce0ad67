// Razorpay's qr_code.* webhook events, once the webhook endpoint has verified their signature
// (lifecycles/payment/payment-webhook.handlers.ts, the one verification of every event): credited
// settles the QR's payment through the counter-QR store, closed ends the QR.
import type { AppContext } from '@server/context.js';

export interface QrCodeWebhookEvent {
  event: string;
  payload: {
    qr_code?: { entity?: { id?: unknown; close_reason?: unknown; payment_amount?: unknown } };
    payment?: {
      entity?: { id?: unknown; amount?: unknown; method?: unknown; created_at?: unknown };
    };
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export const isQrCodeEvent = (name: string) => name.startsWith('qr_code.');

export async function applyQrCodeEvent(
  ctx: AppContext,
  event: QrCodeWebhookEvent,
): Promise<{ status: 'processed' | 'duplicate' | 'ignored' }> {
  const qrs = ctx.stores.counterQrs;
  const qrEntity = event.payload.qr_code?.entity;
  const qrId = text(qrEntity?.id);
  if (!qrId) return { status: 'ignored' };
  if (event.event === 'qr_code.closed') {
    return { status: await qrs.endFromProvider(qrId, text(qrEntity?.close_reason)) };
  }
  if (event.event !== 'qr_code.credited') return { status: 'ignored' };
  const payment = event.payload.payment?.entity;
  const paymentId = text(payment?.id);
  if (!paymentId) return { status: 'ignored' };
  const createdAt = Number(payment?.created_at);
  const outcome = await qrs.settleCredited({
    qrId,
    providerPaymentId: paymentId,
    amountPaise: Number(payment?.amount),
    method: text(payment?.method),
    paidAt:
      Number.isFinite(createdAt) && createdAt > 0
        ? new Date(createdAt * 1000).toISOString()
        : ctx.clock.now().toISOString(),
  });
  if (outcome.status === 'ignored') {
    ctx.log.warn({ qrId, reason: outcome.reason }, 'counter QR webhook not applied');
  }
  return { status: outcome.status };
}
