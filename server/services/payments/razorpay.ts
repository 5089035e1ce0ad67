// Razorpay's Orders, Payment Links and QR Codes APIs over HTTPS (basic auth with the key id and secret),
// without the SDK.
import type { Config } from '@server/config.js';
import {
  ProviderError,
  type PaymentLinkRequest,
  type PaymentProvider,
  type ProviderPaymentLink,
  type ProviderQrCode,
} from './provider.js';

const TIMEOUT_MS = 10_000;

export function createRazorpayProvider(settings: Config['payments']): PaymentProvider {
  const authorization =
    'Basic ' + Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64');
  const base = settings.razorpayApiUrl.replace(/\/+$/, '');

  /** One call to Razorpay's API: its JSON answer, or a ProviderError saying what went wrong. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError('Razorpay could not be reached', { cause: error });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new ProviderError(
        `Razorpay refused the ${what} (HTTP ${response.status}): ${text.slice(0, 300)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ProviderError('Razorpay answered with something that is not JSON', {
        cause: error,
      });
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw new ProviderError(`Razorpay answered the ${what} without an object`);
    }
    return parsed as Record<string, unknown>;
  }

  function linkOf(body: Record<string, unknown>): ProviderPaymentLink {
    const { id, short_url, status, amount, reference_id } = body;
    if (typeof id !== 'string' || id === '' || typeof short_url !== 'string') {
      throw new ProviderError('Razorpay answered without a payment link id and short_url');
    }
    return {
      id,
      shortUrl: short_url,
      status: typeof status === 'string' ? status : 'created',
      amountPaise: Number(amount),
      referenceId: typeof reference_id === 'string' ? reference_id : '',
    };
  }

  function qrOf(body: Record<string, unknown>): ProviderQrCode {
    const { id, image_url, image_content, status, payment_amount, close_reason } = body;
    if (typeof id !== 'string' || id === '') {
      throw new ProviderError('Razorpay answered without a QR code id');
    }
    return {
      id,
      imageUrl: typeof image_url === 'string' && image_url !== '' ? image_url : null,
      upiUri:
        typeof image_content === 'string' && image_content.startsWith('upi://')
          ? image_content
          : null,
      status: typeof status === 'string' ? status : 'active',
      amountPaise: Number(payment_amount),
      closeReason: typeof close_reason === 'string' ? close_reason : null,
    };
  }

  const qrPath = (qrId: string) => `/v1/payments/qr_codes/${encodeURIComponent(qrId)}`;

  /** Refuses before calling when the account has no QR codes (PAYMENT_QR_CODES=off). */
  function needQrCodes() {
    if (!settings.qrCodes) throw new ProviderError('QR codes are off for this Razorpay account');
  }

  const linkPath = (linkId: string) => `/v1/payment_links/${encodeURIComponent(linkId)}`;

  return {
    name: 'razorpay',
    qrCodes: settings.qrCodes,
    async createOrder(request) {
      const body = await call('POST', '/v1/orders', 'order', {
        amount: request.amountPaise,
        currency: request.currency,
        receipt: request.receipt.slice(0, 40),
        notes: request.notes,
      });
      if (typeof body.id !== 'string' || body.id === '') {
        throw new ProviderError('Razorpay answered without an order id');
      }
      return { orderId: body.id };
    },

    async createPaymentLink(request: PaymentLinkRequest) {
      return linkOf(
        await call('POST', '/v1/payment_links', 'payment link', {
          amount: request.amountPaise,
          currency: request.currency,
          accept_partial: false,
          // Razorpay takes seconds since the epoch.
          expire_by: Math.floor(request.expireBy.getTime() / 1000),
          reference_id: request.referenceId.slice(0, 40),
          description: request.description.slice(0, 2048),
          customer: {
            name: request.customer.name,
            contact: request.customer.contact,
            ...(request.customer.email ? { email: request.customer.email } : {}),
          },
          notify: request.notify,
          reminder_enable: true,
          ...(request.upiLink ? { upi_link: true } : {}),
          notes: request.notes,
        }),
      );
    },

    async fetchPaymentLink(linkId) {
      return linkOf(await call('GET', linkPath(linkId), 'payment link'));
    },

    async cancelPaymentLink(linkId) {
      return linkOf(await call('POST', `${linkPath(linkId)}/cancel`, 'payment link cancel'));
    },

    async createQrCode(request) {
      needQrCodes();
      return qrOf(
        await call('POST', '/v1/payments/qr_codes', 'QR code', {
          type: 'upi_qr',
          name: request.name.slice(0, 100),
          usage: 'single_use',
          fixed_amount: true,
          payment_amount: request.amountPaise,
          description: request.description.slice(0, 255),
          // Razorpay takes seconds since the epoch, at least 2 minutes ahead.
          close_by: Math.floor(request.closeBy.getTime() / 1000),
          notes: request.notes,
        }),
      );
    },

    async fetchQrCode(qrId) {
      needQrCodes();
      return qrOf(await call('GET', qrPath(qrId), 'QR code'));
    },

    async closeQrCode(qrId) {
      needQrCodes();
      return qrOf(await call('POST', `${qrPath(qrId)}/close`, 'QR code close'));
    },
  };
}
