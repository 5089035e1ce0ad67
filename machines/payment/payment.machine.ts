// Checkout: idle → creatingOrder → awaitingCheckout → verifying → succeeded | failed | dismissed, with retry.
import { assign, fromPromise, setup } from 'xstate';
import type { MachineError } from '../shared/failure';
import { toMachineError } from '../shared/failure';
import type {
  CheckoutResult,
  CheckoutStep,
  PaymentContext,
  PaymentOrder,
  VerifiedPayment,
} from './payment.context';
import type { PaymentEvent } from './payment.events';
import { CHECKOUT_TOASTS } from './payment.messages';

/** Hosts reject openCheckout with this when the customer closes the provider's dialog. */
export class CheckoutDismissedError extends Error {
  readonly dismissed = true;
  constructor() {
    super('Checkout dismissed');
    this.name = 'CheckoutDismissedError';
  }
}

/** Structural, so an error crossing a bundle boundary is still recognised. */
export function isCheckoutDismissed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { dismissed?: unknown }).dismissed === true
  );
}

/** A toast the host shows (fixed texts from payment.messages.ts). */
export interface Notice {
  readonly tone: 'success' | 'error' | 'info';
  readonly title: string;
  readonly message: string;
}

function notProvided(name: string): never {
  throw new Error(`The host must provide '${name}' with machine.provide().`);
}

const failWith =
  (step: CheckoutStep) =>
  ({ event }: { event: { error: unknown } }): PaymentContext['error'] => ({
    ...toMachineError(event.error),
    step,
  });

function failureNotice(error: (MachineError & { step: CheckoutStep }) | null): Notice {
  const toast = CHECKOUT_TOASTS[error?.step ?? 'order'];
  return { tone: 'error', title: toast.title, message: error?.message ?? toast.message };
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    tags: {} as 'busy' | 'checkout' | 'error',
  },
  actors: {
    /** POST /payments/orders/ {subscription}. */
    createOrder: fromPromise<PaymentOrder, { subscriptionId: number }>(async () =>
      notProvided('createOrder'),
    ),
    /** Shows Razorpay's checkout (or the sandbox dialog); rejects with CheckoutDismissedError on close. */
    openCheckout: fromPromise<CheckoutResult, { order: PaymentOrder; subscriptionId: number }>(
      async () => notProvided('openCheckout'),
    ),
    /** POST /payments/orders/verify_payment/ with the three provider fields. */
    verifyPayment: fromPromise<VerifiedPayment, CheckoutResult>(async () =>
      notProvided('verifyPayment'),
    ),
  },
  actions: {
    /** Host shows a toast. */
    notify: (_, _notice: Notice) => {},
    clear: assign({
      subscriptionId: null,
      order: null,
      checkout: null,
      payment: null,
      error: null,
    }),
  },
  guards: {
    isDismissal: ({ event }) => 'error' in event && isCheckoutDismissed(event.error),
  },
}).createMachine({
  id: 'payment',
  initial: 'idle',
  context: { subscriptionId: null, order: null, checkout: null, payment: null, error: null },
  states: {
    idle: {
      on: {
        'payment.start': {
          target: 'creatingOrder',
          actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }),
        },
      },
    },
    creatingOrder: {
      tags: ['busy'],
      entry: assign({ order: null, checkout: null, payment: null, error: null }),
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        // subscriptionId is set by payment.start before this state is entered.
        input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? 0 }),
        onDone: {
          target: 'awaitingCheckout',
          actions: assign({ order: ({ event }) => event.output }),
        },
        onError: { target: 'failed', actions: assign({ error: failWith('order') }) },
      },
    },
    awaitingCheckout: {
      tags: ['busy', 'checkout'],
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) => ({
          // The order was stored by createOrder's onDone on the way in.
          order: context.order as PaymentOrder,
          subscriptionId: context.subscriptionId ?? 0,
        }),
        onDone: {
          target: 'verifying',
          actions: assign({ checkout: ({ event }) => event.output }),
        },
        onError: [
          { guard: 'isDismissal', target: 'dismissed' },
          { target: 'failed', actions: assign({ error: failWith('checkout') }) },
        ],
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => context.checkout as CheckoutResult,
        onDone: {
          target: 'succeeded',
          actions: assign({ payment: ({ event }) => event.output }),
        },
        onError: { target: 'failed', actions: assign({ error: failWith('verify') }) },
      },
    },
    succeeded: {
      entry: { type: 'notify', params: { tone: 'success', ...CHECKOUT_TOASTS.succeeded } },
      on: { 'payment.reset': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      tags: ['error'],
      entry: { type: 'notify', params: ({ context }) => failureNotice(context.error) },
      on: {
        'payment.retry': { target: 'creatingOrder' },
        'payment.reset': { target: 'idle', actions: 'clear' },
      },
    },
    dismissed: {
      on: {
        'payment.retry': { target: 'creatingOrder' },
        'payment.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
