import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { counterQrRefusals } from './counter-qr.messages';
import { counterQrActionProbes, type COUNTER_QR_STATUSES } from './counter-qr.rules';

export type CounterQrStatus = (typeof COUNTER_QR_STATUSES)[number];
export type CounterQrStateValue = CounterQrStatus;

/** What the machine decides on: when the QR closes by itself and the moment it is asked (ISO). */
export interface CounterQrContext {
  readonly closeBy: string;
  readonly now: string;
}

export type CounterQrEvent =
  /** The provider credited a payment to it (qr_code.credited, or the sandbox's scan and pay). */
  | { readonly type: 'counter_qr.credit' }
  /** The owner closes it (or the provider reports it closed on demand). */
  | { readonly type: 'counter_qr.close' }
  /** Its close_by passed (the provider closed it by itself). */
  | { readonly type: 'counter_qr.expire' };

export type CounterQrEventType = CounterQrEvent['type'];

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
    meta: lifecycleMeta<CounterQrEvent, CounterQrStateValue>({
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
