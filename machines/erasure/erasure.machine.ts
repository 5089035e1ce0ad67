import { and, setup } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { erasureRefusals } from './erasure.messages';
import { erasureActionProbes, type ERASURE_STATUSES } from './erasure.rules';

export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

export type ErasureEvent =
  /** The customer changes their mind while the request waits. */
  | { readonly type: 'erasure.cancel' }
  /** The owner erases the account: personal data removed, tax records kept. */
  | { readonly type: 'erasure.complete' };

export type ErasureEventType = ErasureEvent['type'];

/** The customer's account with the mess when the owner acts (read fresh each time). */
export interface ErasureContext {
  /** What the customer owes (positive) or is owed (negative), in paise. */
  readonly balancePaise: number;
  /** Refunds asked for or approved and not yet paid out. */
  readonly openRefunds: number;
}

// A customer asks for their account to be erased (DPDP Act: erasure when consent is withdrawn).
// The request waits for the owner, who completes it once no money is open either way: a customer
// who still owes, or is owed a credit or a refund, would otherwise lose the record the settling
// needs. Tax records (invoices, credit notes) are kept after completion, with the name as issued.
export const erasureMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ErasureContext,
      events: {} as ErasureEvent,
      input: {} as ErasureContext,
      tags: {} as 'open',
    },
    guards: {
      hasNoBalance: ({ context }) => context.balancePaise === 0,
      hasNoOpenRefund: ({ context }) => context.openRefunds === 0,
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
            guard: and(['hasNoBalance', 'hasNoOpenRefund']),
          },
        },
      },
      completed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
);

export type ErasureMachine = typeof erasureMachine;
