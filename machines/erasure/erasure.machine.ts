import { and, setup } from 'xstate';
import { defineMachine, everyRefusal, lifecycleMeta, type Persisted } from '../shared/lifecycle';
import type { Refusal } from '../shared/refusals';
import { erasureRefusals } from './erasure.messages';
import { erasureActionProbes } from './erasure.rules';
import type { ErasureStatus, ErasureEvent, ErasureContext } from './erasure.types';

// A customer asks for their account to be erased (DPDP Act: erasure when consent is withdrawn).
// The request waits for the owner, who completes it once the customer's business with the mess is
// over: no subscription running or awaiting payment (the kitchen would cook, a rider deliver, or a
// payment arrive for a person nobody can name), no money open either way, and no money on its way
// (a payment link, a rider's cash). Each would otherwise lose the record the settling needs. The
// owner is told what to settle first; the customer may still cancel or delete a subscription while
// the request waits. Tax records (invoices, credit notes) are kept after completion, with the name
// as issued.
export const erasureMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ErasureContext,
      events: {} as ErasureEvent,
      input: {} as ErasureContext,
      tags: {} as 'open',
    },
    guards: {
      hasNoActiveSubscription: ({ context }) => context.activeSubscriptions === 0,
      hasNoPendingSubscription: ({ context }) => context.pendingSubscriptions === 0,
      hasNoBalance: ({ context }) => context.balancePaise === 0,
      hasNoOpenRefund: ({ context }) => context.openRefunds === 0,
      hasNoOpenPaymentLink: ({ context }) => context.openPaymentLinks === 0,
      hasNoPendingCash: ({ context }) => context.pendingCashCollections === 0,
    },
  }).createMachine({
    id: 'erasure',
    initial: 'requested',
    context: ({ input }) => input,
    meta: lifecycleMeta<ErasureEvent, ErasureStatus>({
      refusals: erasureRefusals,
      actions: erasureActionProbes,
    }),
    states: {
      requested: {
        tags: ['open'],
        on: {
          'erasure.cancel': { target: 'cancelled' },
          'erasure.complete': {
            target: 'completed',
            guard: and([
              'hasNoActiveSubscription',
              'hasNoBalance',
              'hasNoOpenRefund',
              'hasNoPendingSubscription',
              'hasNoOpenPaymentLink',
              'hasNoPendingCash',
            ]),
          },
        },
      },
      completed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
);

export type ErasureMachine = typeof erasureMachine;

/**
 * What the owner must settle before a waiting request can be completed, in the order to settle
 * them (the refusal table's): every failing guard's refusal, not only the first. Empty for a
 * request that no longer waits, or when nothing blocks it.
 */
export function erasureBlockers(persisted: Persisted<ErasureMachine>): Refusal[] {
  if (persisted.value !== 'requested') return [];
  return everyRefusal(erasureMachine, persisted, { type: 'erasure.complete' });
}
