import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { paymentLinkRefusals } from './payment-link.messages';
import { paymentLinkActionProbes } from './payment-link.rules';
import type { PaymentLinkStatus, PaymentLinkContext, PaymentLinkEvent } from './payment-link.types';

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
    meta: lifecycleMeta<PaymentLinkEvent, PaymentLinkStatus>({
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
