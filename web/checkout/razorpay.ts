// Razorpay Checkout (checkout.js), opened with the order the server created.
import type { components } from '@generated/api';
import { CheckoutDismissedError, type CheckoutResult } from '@machines/payment';
import { EffectError } from '@machines/shared';
import { t } from '@web/i18n/i18n';

type CheckoutOrder = components['schemas']['CheckoutOrder'];

interface RazorpayInstance {
  open(): void;
  on(
    event: 'payment.failed',
    handler: (response: { error?: { description?: string } }) => void,
  ): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

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
      handler: (response: CheckoutResult) =>
        resolve({
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_order_id: response.razorpay_order_id,
          razorpay_signature: response.razorpay_signature,
        }),
      modal: { ondismiss: () => reject(new CheckoutDismissedError()) },
    });
    checkout.on('payment.failed', (response) =>
      reject(
        // Razorpay's own description as it wrote it, else the checkout step's sentence.
        new EffectError(
          'refused',
          response.error?.description ?? t('checkout.toast.checkout.message'),
        ),
      ),
    );
    checkout.open();
  });
}
