// The payment provider seen by the server: it creates orders, payment links and counter QR codes.
// Verification is the same HMAC for both providers (Razorpay's protocol), so it lives in
// signatures.ts.

type ProviderName = 'sandbox' | 'razorpay';

interface OrderRequest {
  amountPaise: number;
  currency: 'INR';
  /** Our reference, shown in Razorpay's dashboard (at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

/** POST /v1/payment_links: a link for one fixed amount, paid once (accept_partial false). */
export interface PaymentLinkRequest {
  amountPaise: number;
  currency: 'INR';
  /** Ours, unique per link (at most 40 characters): the webhook names it back. */
  referenceId: string;
  description: string;
  /** When it stops taking payments. */
  expireBy: Date;
  customer: { name: string; contact: string; email: string | null };
  /** Whether the provider itself sends the link by SMS and e-mail. */
  notify: { sms: boolean; email: boolean };
  /** A UPI link (Razorpay's upi_link: true), opened straight in a UPI app. */
  upiLink: boolean;
  notes: Record<string, string>;
}

/** A payment link as the provider reports it. */
export interface ProviderPaymentLink {
  id: string;
  shortUrl: string;
  /** Razorpay's statuses: created, partially_paid, paid, expired, cancelled. */
  status: string;
  amountPaise: number;
  referenceId: string;
}

/**
 * POST /v1/payments/qr_codes: a UPI QR for one fixed amount, paid once (type upi_qr, usage
 * single_use, fixed_amount true), closed by itself at close_by.
 */
interface QrCodeRequest {
  amountPaise: number;
  /** The label in the provider's dashboard. */
  name: string;
  description: string;
  closeBy: Date;
  notes: Record<string, string>;
}

/** A QR code as the provider reports it. */
export interface ProviderQrCode {
  id: string;
  /** Where the provider draws it (Razorpay's image_url). */
  imageUrl: string | null;
  /** The UPI request it encodes (upi://pay?…), when the provider sends it (image_content). */
  upiUri: string | null;
  /** Razorpay's statuses: active, closed. */
  status: string;
  amountPaise: number;
  /** Why it closed: on_demand, paid, … (null while active). */
  closeReason: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether it makes counter QR codes (createQrCode and the others refuse otherwise). */
  readonly qrCodes: boolean;
  createQrCode(request: QrCodeRequest): Promise<ProviderQrCode>;
  fetchQrCode(qrId: string): Promise<ProviderQrCode>;
  closeQrCode(qrId: string): Promise<ProviderQrCode>;
  createOrder(request: OrderRequest): Promise<{ orderId: string }>;
  createPaymentLink(request: PaymentLinkRequest): Promise<ProviderPaymentLink>;
  fetchPaymentLink(linkId: string): Promise<ProviderPaymentLink>;
  cancelPaymentLink(linkId: string): Promise<ProviderPaymentLink>;
}

/** The provider could not create the order (network, credentials, refusal). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
