// Counter QR codes: the owner creates one for a subscription's dues (or part of them), polls it and
// closes it; the sandbox "scans and pays" one as a UPI app would. The counter-QR store decides and
// writes; this parses, calls it and serializes.
import { counterQrFromApi, counterQrMachine, decide } from '@machines';
import type { AppContext } from '@server/context.js';
import { ownerHandlers, payInSandbox } from '@server/lifecycles/payment-link/request-handlers.js';
import { paidReceiptNumber } from '@server/lifecycles/payment/receipts.js';
import { fieldError, notFound } from '@server/errors.js';
import type { Handlers } from '@server/http.js';
import { providerId } from '@server/services/payments/ids.js';
import { sandboxQrVpa } from '@server/services/payments/sandbox.js';
import { counterQrSelect, type CounterQrRow } from './counter-qr.read.js';
import { counterQrBody } from './counter-qr.serializer.js';

/** The sandbox's QR a scanned UPI request names (its `tr`); 404 in razorpay mode. */
async function scannedQr(ctx: AppContext, uri: string): Promise<CounterQrRow> {
  if (ctx.config.payments.provider !== 'sandbox') throw notFound();
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    throw fieldError('upi_uri', 'UPI request must be a upi://pay URI');
  }
  if (parsed.protocol !== 'upi:' || !/^upi:\/\/pay\?/.test(uri)) {
    throw fieldError('upi_uri', 'UPI request must be a upi://pay URI');
  }
  const qrId = parsed.searchParams.get('tr') ?? '';
  const row = await counterQrSelect(ctx.db.kysely)
    .where('q.provider_qr_id', '=', qrId)
    .where('q.provider', '=', 'sandbox')
    .executeTakeFirst();
  // What a UPI app checks: the payee is the QR's own UPI id, the amount the QR's.
  if (!row || parsed.searchParams.get('pa') !== sandboxQrVpa(row.provider_qr_id)) {
    throw notFound();
  }
  if (row.upi_uri !== uri) throw fieldError('upi_uri', 'UPI request does not match the QR code');
  return row;
}

export function counterQrHandlers(ctx: AppContext) {
  const { counterQrs } = ctx.stores;
  const now = () => ctx.clock.now().toISOString();
  const body = (row: CounterQrRow) => counterQrBody(row, now());
  const owner = ownerHandlers({ ...counterQrs, end: counterQrs.close }, body);

  async function scanAnswer(row: CounterQrRow) {
    const shown = body(row);
    return {
      qr_id: shown.qr_id,
      amount: shown.amount,
      status: shown.status,
      receipt_number: await paidReceiptNumber(ctx.db.kysely, row.paid_payment_id),
    };
  }

  return {
    ownerCreateCounterQr: owner.create,
    ownerGetCounterQr: owner.read,
    ownerCloseCounterQr: owner.end,

    async sandboxPayCounterQr(request) {
      const row = await scannedQr(ctx, request.body.upi_uri);
      // What Razorpay sends when a QR code is paid.
      const paidAt = Math.floor(ctx.clock.now().getTime() / 1000);
      const amount = Number(row.amount_paise);
      await payInSandbox(
        ctx,
        request,
        decide(counterQrMachine, counterQrFromApi(row, now()), { type: 'counter_qr.credit' }),
        {
          entity: 'event',
          account_id: 'acc_sandbox',
          event: 'qr_code.credited',
          contains: ['payment', 'qr_code'],
          payload: {
            payment: {
              entity: {
                id: providerId('pay'),
                entity: 'payment',
                amount,
                currency: 'INR',
                status: 'captured',
                order_id: null,
                method: 'upi',
                captured: true,
                description: 'QRv2 Payment',
                vpa: 'customer@sandbox',
                created_at: paidAt,
              },
            },
            qr_code: {
              entity: {
                id: row.provider_qr_id,
                entity: 'qr_code',
                usage: 'single_use',
                type: 'upi_qr',
                payment_amount: amount,
                status: 'active',
                fixed_amount: true,
                payments_amount_received: amount,
                payments_count_received: 1,
                close_by: Math.floor(Date.parse(row.close_by) / 1000),
                closed_at: null,
                close_reason: null,
              },
            },
          },
          created_at: paidAt,
        },
      );
      return scanAnswer(await counterQrs.read(row.id));
    },
  } satisfies Partial<Handlers>;
}
