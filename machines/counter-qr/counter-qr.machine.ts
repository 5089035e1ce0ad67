import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { counterQrRefusals } from './counter-qr.messages';
import { counterQrActionProbes } from './counter-qr.rules';
import type { CounterQrStatus, CounterQrContext, CounterQrEvent } from './counter-qr.types';

// A counter QR (Razorpay's QR Codes API: upi_qr, single_use, fixed_amount) is shown at the counter
// for an amount a subscription owes and ends one way only: credited (once, whatever the number of
// webhook deliveries), closed by the owner, or expired at its close_by. A QR past its close_by
// takes no payment even before the provider's closed event comes.
export const counterQrMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as CounterQrContext,
      events: {} as CounterQrEvent,
      input: {} as CounterQrContext,
      tags: {} as 'open' | 'done',
    },
    guards: {
      isBeforeCloseBy: ({ context }) => Date.parse(context.now) < Date.parse(context.closeBy),
    },
  }).createMachine({
    id: 'counter_qr',
    initial: 'created',
    context: ({ input }) => input,
    meta: lifecycleMeta<CounterQrEvent, CounterQrStatus>({
      refusals: counterQrRefusals,
      actions: counterQrActionProbes,
    }),
    states: {
      // On the owner's screen; waiting for the customer to scan and pay.
      created: {
        tags: ['open'],
        on: {
          'counter_qr.credit': { target: 'credited', guard: 'isBeforeCloseBy' },
          'counter_qr.close': { target: 'closed' },
          'counter_qr.expire': { target: 'expired' },
        },
      },
      credited: { tags: ['done'], type: 'final' },
      closed: { tags: ['done'], type: 'final' },
      expired: { tags: ['done'], type: 'final' },
    },
  }),
);

export type CounterQrMachine = typeof counterQrMachine;

/** The QR can still be paid. */
export const selectIsCounterQrOpen = (snapshot: SnapshotFrom<CounterQrMachine>) =>
  snapshot.hasTag('open');
