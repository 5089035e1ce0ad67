import { defineMachine } from '../shared/lifecycle';
import { type MachineError, toMachineError } from '../shared/failure';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CHECKOUT_TOASTS } from './payment.messages';
import { isCheckoutDismissed } from './payment.rules';
import type { CheckoutStep } from './payment.types';

/** POST /payments/orders/ answer. `amount` is in paise. */
export interface PaymentOrder {
  readonly key: string;
  readonly amount: number;
  readonly currency: string;
  readonly order_id: string;
}

/** The three fields the provider's checkout hands back, sent to verify_payment as they are. */
export interface CheckoutResult {
  readonly razorpay_payment_id: string;
  readonly razorpay_order_id: string;
  readonly razorpay_signature: string;
}

/** What verify_payment answered; hosts fill what they have. */
export interface VerifiedPayment {
  readonly paymentId: number | null;
}

export interface PaymentContext {
  readonly subscriptionId: number | null;
  readonly order: PaymentOrder | null;
  readonly checkout: CheckoutResult | null;
  readonly payment: VerifiedPayment | null;
  readonly error: (MachineError & { readonly step: CheckoutStep }) | null;
}

/** Events of the checkout flow (client side). */
export type PaymentEvent =
  | { readonly type: 'payment.start'; readonly subscriptionId: number }
  | { readonly type: 'payment.retry' }
  | { readonly type: 'payment.reset' };

export type PaymentEventType = PaymentEvent['type'];

/** The done events of the checkout's actors, for tests and model paths. */
export type PaymentDoneEvent =
  | { readonly type: 'xstate.done.actor.createOrder'; readonly output: PaymentOrder }
  | { readonly type: 'xstate.done.actor.openCheckout'; readonly output: CheckoutResult }
  | { readonly type: 'xstate.done.actor.verifyPayment'; readonly output: VerifiedPayment };

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

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const paymentMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
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
  }),
);

export type PaymentMachine = typeof paymentMachine;

type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

export const selectIsPaymentBusy = (snapshot: PaymentSnapshot) => snapshot.hasTag('busy');
/** The provider's checkout (or the sandbox dialog) is showing. */
export const selectIsInCheckout = (snapshot: PaymentSnapshot) => snapshot.hasTag('checkout');
export const selectPaymentSucceeded = (snapshot: PaymentSnapshot) =>
  snapshot.status === 'active' && snapshot.value === 'succeeded';
export const selectCanRetryPayment = (snapshot: PaymentSnapshot) =>
  snapshot.can({ type: 'payment.retry' });

/** A failed checkout's title and message, or null (CHECKOUT_TOASTS; the server's sentence wins). */
export function selectPaymentError(
  snapshot: PaymentSnapshot,
): { readonly title: string; readonly message: string } | null {
  const { error } = snapshot.context;
  if (!error || !snapshot.hasTag('error')) return null;
  const toast = CHECKOUT_TOASTS[error.step];
  return { title: toast.title, message: error.message ?? toast.message };
}
