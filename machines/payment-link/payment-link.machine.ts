import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { paymentLinkRefusals } from './payment-link.messages';
import { paymentLinkActionProbes, type PAYMENT_LINK_STATUSES } from './payment-link.rules';

export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export type PaymentLinkStateValue = PaymentLinkStatus;

/** What the machine decides on: when the link expires and the moment it is asked (ISO instants). */
export interface PaymentLinkContext {
  readonly expireBy: string;
  readonly now: string;
}

export type PaymentLinkEvent =
  /** The provider took the money (payment_link.paid, or the sandbox's pay page). */
  | { readonly type: 'payment_link.pay' }
  /** The owner withdraws the link (or the provider reports it cancelled). */
  | { readonly type: 'payment_link.cancel' }
  /** Its expire_by passed (the provider's payment_link.expired). */
  | { readonly type: 'payment_link.expire' };

export type PaymentLinkEventType = PaymentLinkEvent['type'];

// A payment link is created for an amount a subscription owes and ends one way only: paid (once,
// whatever the number of webhook deliveries), expired or cancelled. A link past its expire_by
// takes no payment even before the provider's expiry event comes.
export const paymentLinkMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as PaymentLinkContext,
      events: {} as PaymentLinkEvent,
      input: {} as PaymentLinkContext,
      tags: {} as 'open' | 'done',
    },
    guards: {
      isBeforeExpiry: ({ context }) => Date.parse(context.now) < Date.parse(context.expireBy),
    },
  }).createMachine({
    id: 'payment_link',
    initial: 'created',
    context: ({ input }) => input,
    meta: lifecycleMeta<PaymentLinkEvent, PaymentLinkStateValue>({
      refusals: paymentLinkRefusals,
      actions: paymentLinkActionProbes,
    }),
    states: {
      // Sent to the customer; waiting for their payment.
      created: {
        tags: ['open'],
        on: {
          'payment_link.pay': { target: 'paid', guard: 'isBeforeExpiry' },
          'payment_link.cancel': { target: 'cancelled' },
          'payment_link.expire': { target: 'expired' },
        },
      },
      paid: { tags: ['done'], type: 'final' },
      expired: { tags: ['done'], type: 'final' },
      cancelled: { tags: ['done'], type: 'final' },
    },
  }),
);

export type PaymentLinkMachine = typeof paymentLinkMachine;

/** The link can still be paid. */
export const selectIsPaymentLinkOpen = (snapshot: SnapshotFrom<PaymentLinkMachine>) =>
  snapshot.hasTag('open');
