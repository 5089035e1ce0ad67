import { setup } from 'xstate';
import { defineMachine, lifecycleMeta, type Persisted } from '../shared/lifecycle';
import { duesRefusals } from './dues.messages';
import { duesActionProbes, duesStatus, MIN_PAYMENT_PAISE, type DuesFacts } from './dues.rules';
import type { DuesStatus, DuesEvent } from './dues.types';

export type DuesContext = DuesFacts;

// A customer's account is SETTLED (owes nothing), DUE (owes, for at most OVERDUE_AFTER_DAYS
// days), OVERDUE (owes for longer) or IN_CREDIT (paid ahead, or a credit not yet refunded). The
// status is the ledger's sum and age on a day (duesOf), never stored: entries move it and so does
// the calendar. The machine says what may be done about it: paying, recording, a link, a reminder,
// and paying back an advance held (IN_CREDIT).

export const duesMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as DuesContext,
      events: {} as DuesEvent,
      input: {} as DuesContext,
      tags: {} as 'owes' | 'clear',
    },
    guards: {
      holdsAdvance: ({ context }) => (context.advancePaise ?? 0) >= MIN_PAYMENT_PAISE,
    },
  }).createMachine({
    id: 'dues',
    initial: 'SETTLED',
    context: ({ input }) => input,
    meta: lifecycleMeta<DuesEvent, DuesStatus>({
      refusals: duesRefusals,
      actions: duesActionProbes,
    }),
    states: {
      SETTLED: { tags: ['clear'] },
      IN_CREDIT: {
        tags: ['clear'],
        on: { 'dues.refund_advance': { target: 'IN_CREDIT', guard: 'holdsAdvance' } },
      },
      // The actions move no status themselves: the money they bring does, through the ledger.
      DUE: {
        tags: ['owes'],
        on: {
          'dues.pay': { target: 'DUE' },
          'dues.record_payment': { target: 'DUE' },
          'dues.send_link': { target: 'DUE' },
        },
      },
      OVERDUE: {
        tags: ['owes'],
        on: {
          'dues.pay': { target: 'OVERDUE' },
          'dues.record_payment': { target: 'OVERDUE' },
          'dues.send_link': { target: 'OVERDUE' },
          'dues.remind': { target: 'OVERDUE' },
        },
      },
    },
  }),
);

export type DuesMachine = typeof duesMachine;

/** An account as the machine reads it on a day. */
export const duesOf = (facts: DuesFacts): Persisted<DuesMachine> => ({
  value: duesStatus(facts),
  context: facts,
});
