// The sandbox provider: the server issues order and payment link ids itself. POST
// /payments/sandbox/pay/ plays the hosted checkout and signs its result with the same key secret
// Razorpay would use; a link's short_url opens the web app's hosted pay page (/pay/plink_…), whose
// payment the sandbox reports as a signed payment_link.paid webhook. The provider's side of a link
// is our own payment_links row (the sandbox runs in the same server), so it keeps nothing itself.
// Its counter QR codes (qr_…) likewise: a QR's content is a UPI request naming the QR in `tr`, as
// Razorpay's do, and POST /payments/sandbox/qr-codes/pay/ "scans and pays" one, reporting it as a
// signed qr_code.credited webhook; the QR's provider side is our counter_qr_codes row.
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import { upiPayUri } from '@machines/payment-link';
import { providerId } from './ids.js';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderPaymentLink,
  type ProviderQrCode,
} from './provider.js';

/** The sandbox's UPI id of a QR (Razorpay's look like rzr.qr…@icici). */
export const sandboxQrVpa = (qrId: string) => `rzr.${qrId.replace('_', '').toLowerCase()}@sandbox`;

/** The UPI request a sandbox QR encodes: a fixed amount to the QR's own UPI id, `tr` its id. */
function sandboxQrUri(qrId: string, payeeName: string, amountPaise: number, note: string) {
  return `${upiPayUri({ vpa: sandboxQrVpa(qrId), payeeName, amountPaise, note })}&tr=${qrId}`;
}

/** Razorpay's close_reason for each way a QR ends here. */
const CLOSE_REASONS: Readonly<Record<string, string>> = {
  credited: 'paid',
  closed: 'on_demand',
  expired: 'auto',
};

export function createSandboxProvider(config: Config, db: Db): PaymentProvider {
  const shortUrl = (linkId: string) => `${config.publicUrl}/pay/${linkId}`;

  async function stored(linkId: string): Promise<ProviderPaymentLink> {
    const row = await db.kysely
      .selectFrom('payment_links')
      .select(['provider_link_id', 'status', 'amount_paise', 'reference_id'])
      .where('provider_link_id', '=', linkId)
      .executeTakeFirst();
    if (!row) throw new ProviderError(`The sandbox has no payment link ${linkId}`);
    return {
      id: row.provider_link_id,
      shortUrl: shortUrl(row.provider_link_id),
      status: row.status,
      amountPaise: Number(row.amount_paise),
      referenceId: row.reference_id,
    };
  }

  async function storedQr(qrId: string): Promise<ProviderQrCode> {
    const row = await db.kysely
      .selectFrom('counter_qr_codes')
      .select(['provider_qr_id', 'status', 'amount_paise', 'upi_uri'])
      .where('provider_qr_id', '=', qrId)
      .executeTakeFirst();
    if (!row) throw new ProviderError(`The sandbox has no QR code ${qrId}`);
    return {
      id: row.provider_qr_id,
      imageUrl: null,
      upiUri: row.upi_uri,
      status: row.status === 'created' ? 'active' : 'closed',
      amountPaise: Number(row.amount_paise),
      closeReason: CLOSE_REASONS[row.status] ?? null,
    };
  }

  return {
    name: 'sandbox',
    qrCodes: config.payments.qrCodes,
    async createOrder() {
      return { orderId: providerId('order') };
    },
    async createPaymentLink(request) {
      const id = providerId('plink');
      return {
        id,
        shortUrl: shortUrl(id),
        status: 'created',
        amountPaise: request.amountPaise,
        referenceId: request.referenceId,
      };
    },
    fetchPaymentLink: stored,
    async cancelPaymentLink(linkId) {
      return { ...(await stored(linkId)), status: 'cancelled' };
    },
    async createQrCode(request) {
      if (!config.payments.qrCodes) throw new ProviderError('QR codes are off (PAYMENT_QR_CODES)');
      const id = providerId('qr');
      return {
        id,
        imageUrl: null,
        upiUri: sandboxQrUri(id, config.business.name, request.amountPaise, request.description),
        status: 'active',
        amountPaise: request.amountPaise,
        closeReason: null,
      };
    },
    fetchQrCode: storedQr,
    async closeQrCode(qrId) {
      const qr = await storedQr(qrId);
      return { ...qr, status: 'closed', closeReason: qr.closeReason ?? 'on_demand' };
    },
  };
}
