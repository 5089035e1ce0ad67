// Razorpay's qr_code.* webhook events, once the webhook endpoint has verified their signature
// (lifecycles/payment/payment-webhook.handlers.ts, the one verification of every event): credited
// settles the QR's payment through the counter-QR store, closed ends the QR.
import type { AppContext } from '@server/context.js';
import {
  eventText,
  paidEntityFacts,
  settledAnswer,
  type PaymentEntity,
  type WebhookAnswer,
} from '@server/lifecycles/payment-link/payment-link.webhook.js';

export interface QrCodeWebhookEvent {
  event: string;
  payload: {
    qr_code?: { entity?: { id?: unknown; close_reason?: unknown; payment_amount?: unknown } };
    payment?: { entity?: PaymentEntity };
  };
}

export const isQrCodeEvent = (name: string) => name.startsWith('qr_code.');

export async function applyQrCodeEvent(ctx: AppContext, event: QrCodeWebhookEvent): WebhookAnswer {
  const qrs = ctx.stores.counterQrs;
  const qrEntity = event.payload.qr_code?.entity;
  const qrId = eventText(qrEntity?.id);
  if (!qrId) return { status: 'ignored' };
  if (event.event === 'qr_code.closed') {
    return { status: await qrs.endFromProvider(qrId, eventText(qrEntity?.close_reason)) };
  }
  if (event.event !== 'qr_code.credited') return { status: 'ignored' };
  const payment = event.payload.payment?.entity;
  const paid = paidEntityFacts(ctx, payment);
  if (!paid) return { status: 'ignored' };
  const outcome = await qrs.settleCredited({ ...paid, qrId, amountPaise: Number(payment?.amount) });
  return settledAnswer(ctx, outcome, { qrId }, 'counter QR webhook not applied');
}
