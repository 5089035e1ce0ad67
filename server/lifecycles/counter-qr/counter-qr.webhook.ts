// Razorpay's qr_code.* webhook events, once the webhook endpoint has verified their signature
// (lifecycles/payment/payment-webhook.handlers.ts, the one verification of every event): credited
// settles the QR's payment through the counter-QR store, closed ends the QR.
import type { AppContext } from '@server/context.js';
import {
  eventText,
  paidAtOf,
  settledAnswer,
} from '@server/lifecycles/payment-link/payment-link.webhook.js';

export interface QrCodeWebhookEvent {
  event: string;
  payload: {
    qr_code?: { entity?: { id?: unknown; close_reason?: unknown; payment_amount?: unknown } };
    payment?: {
      entity?: { id?: unknown; amount?: unknown; method?: unknown; created_at?: unknown };
    };
  };
}

export const isQrCodeEvent = (name: string) => name.startsWith('qr_code.');

export async function applyQrCodeEvent(
  ctx: AppContext,
  event: QrCodeWebhookEvent,
): Promise<{ status: 'processed' | 'duplicate' | 'ignored' }> {
  const qrs = ctx.stores.counterQrs;
  const qrEntity = event.payload.qr_code?.entity;
  const qrId = eventText(qrEntity?.id);
  if (!qrId) return { status: 'ignored' };
  if (event.event === 'qr_code.closed') {
    return { status: await qrs.endFromProvider(qrId, eventText(qrEntity?.close_reason)) };
  }
  if (event.event !== 'qr_code.credited') return { status: 'ignored' };
  const payment = event.payload.payment?.entity;
  const paymentId = eventText(payment?.id);
  if (!paymentId) return { status: 'ignored' };
  const outcome = await qrs.settleCredited({
    qrId,
    providerPaymentId: paymentId,
    amountPaise: Number(payment?.amount),
    method: eventText(payment?.method),
    paidAt: paidAtOf(ctx, payment?.created_at),
  });
  return settledAnswer(ctx, outcome, { qrId }, 'counter QR webhook not applied');
}
