// Razorpay Checkout (checkout.js), opened with the order the server created.
import type { components } from '@generated/api';
import { CheckoutDismissedError, type CheckoutResult } from '@machines/payment';
import { paymentFailureKindOf, type PaymentFailureKind } from '@machines/payment-link';
import { EffectError } from '@machines/shared';
import { t, type MessageId } from '@web/i18n/i18n';

type CheckoutOrder = components['schemas']['CheckoutOrder'];

interface RazorpayInstance {
  open(): void;
  on(
    event: 'payment.failed',
    handler: (response: { error?: { description?: string; reason?: string } }) => void,
  ): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const FAILURE_MESSAGES = {
  declined: 'checkout.failure.declined',
  cancelled: 'checkout.failure.cancelled',
  timed_out: 'checkout.failure.timed_out',
} as const satisfies Record<PaymentFailureKind, MessageId>;

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const CHECKOUT_THEME_COLOUR = '#1d6b47';

let loading: Promise<RazorpayConstructor> | null = null;

function loadCheckoutScript(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new EffectError('network', t('checkout.loadFailed')));
    };
    script.onerror = () => {
      loading = null;
      reject(new EffectError('network', t('checkout.loadFailed')));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function openRazorpayCheckout(order: CheckoutOrder): Promise<CheckoutResult> {
  const Razorpay = await loadCheckoutScript();
  return new Promise<CheckoutResult>((resolve, reject) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency || 'INR',
      order_id: order.order_id,
      name: order.name,
      description: order.description,
      prefill: order.prefill,
      theme: { color: CHECKOUT_THEME_COLOUR },
      // UPI first, as most customers pay (Razorpay's checkout options: method, config.display),
      // then Razorpay's own blocks (cards, netbanking, wallets).
      method: { upi: true, card: true, netbanking: true, wallet: true },
      config: {
        display: {
          blocks: { upi: { name: 'UPI', instruments: [{ method: 'upi' }] } },
          sequence: ['block.upi'],
          preferences: { show_default_blocks: true },
        },
      },
      handler: (response: CheckoutResult) =>
        resolve({
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_order_id: response.razorpay_order_id,
          razorpay_signature: response.razorpay_signature,
        }),
      modal: { ondismiss: () => reject(new CheckoutDismissedError()) },
    });
    checkout.on('payment.failed', (response) => {
      // Why, in the reader's language when Razorpay's reason names a known cause (declined by the
      // bank, cancelled, timed out); else Razorpay's own description, else the step's sentence.
      const kind = paymentFailureKindOf(response.error?.reason);
      reject(
        new EffectError(
          'refused',
          kind
            ? t(FAILURE_MESSAGES[kind])
            : (response.error?.description ?? t('checkout.toast.checkout.message')),
        ),
      );
    });
    checkout.open();
  });
}
