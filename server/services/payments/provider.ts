// The payment provider seen by the server: it creates orders. Verification is the same HMAC for
// both providers (Razorpay's protocol), so it lives in signatures.ts.

export type ProviderName = 'sandbox' | 'razorpay';

export interface OrderRequest {
  amountPaise: number;
  currency: 'INR';
  /** Our reference, shown in Razorpay's dashboard (at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(request: OrderRequest): Promise<{ orderId: string }>;
}

/** The provider could not create the order (network, credentials, refusal). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
