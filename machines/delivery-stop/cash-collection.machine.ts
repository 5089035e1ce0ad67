// Cash a rider collected on a stop: pending until the owner decides, once. Confirming records it as
// a cash payment in the same transaction (what it pays: the subscription's dues, the rest kept as
// the customer's advance, so cash is never refused for being more than was owed); rejecting (with
// a reason, which the rider and the audit log read) records nothing. Whichever decision is written
// first wins; the other is refused.
import { labelsOf } from '../shared/labels';
import { assign, setup } from 'xstate';
import { defineMachine, lifecycleMeta, type RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { isNonBlank } from '../shared/text';

export const CASH_COLLECTION_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type CashCollectionStatus = (typeof CASH_COLLECTION_STATUSES)[number];

export interface CashCollectionContext {
  readonly rejectReason: string | null;
}

export type CashCollectionEvent =
  | { readonly type: 'cash_collection.confirm' }
  | { readonly type: 'cash_collection.reject'; readonly reason: string };

/** The owner's buttons on a collection, in display order. */
export const cashCollectionActionProbes: readonly CashCollectionEvent[] = [
  { type: 'cash_collection.confirm' },
  { type: 'cash_collection.reject', reason: 'probe' },
];

export const cashCollectionRefusals = {
  states: {
    confirmed: refusal('cash_collection.not_pending'),
    rejected: refusal('cash_collection.not_pending'),
  },
  events: {
    'cash_collection.confirm': refusal('cash_collection.not_pending'),
    'cash_collection.reject': refusal('cash_collection.not_pending'),
  },
  guards: { hasReason: refusal('cash_collection.reason_required') },
} as const satisfies RefusalTable<CashCollectionEvent, CashCollectionStatus>;

export const CASH_COLLECTION_STATUS_LABELS = labelsOf(CASH_COLLECTION_STATUSES, {
  pending: 'Waiting for confirmation',
});

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const cashCollectionMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as CashCollectionContext,
      events: {} as CashCollectionEvent,
      input: {} as CashCollectionContext,
      tags: {} as 'open' | 'decided',
    },
    guards: {
      hasReason: ({ event }) => event.type === 'cash_collection.reject' && isNonBlank(event.reason),
    },
  }).createMachine({
    id: 'cash_collection',
    initial: 'pending',
    context: ({ input }) => input,
    meta: lifecycleMeta<CashCollectionEvent, CashCollectionStatus>({
      refusals: cashCollectionRefusals,
      actions: cashCollectionActionProbes,
    }),
    states: {
      pending: {
        tags: ['open'],
        on: {
          'cash_collection.confirm': { target: 'confirmed' },
          'cash_collection.reject': {
            target: 'rejected',
            guard: 'hasReason',
            actions: assign({
              rejectReason: ({ event }) =>
                event.type === 'cash_collection.reject' ? event.reason.trim() : null,
            }),
          },
        },
      },
      confirmed: { type: 'final', tags: ['decided'] },
      rejected: { type: 'final', tags: ['decided'] },
    },
  }),
);

export type CashCollectionMachine = typeof cashCollectionMachine;

/** A stored collection as the machine reads it. */
export const cashCollectionFromApi = (record: {
  readonly status: CashCollectionStatus;
  readonly reject_reason: string | null;
}) => ({ value: record.status, context: { rejectReason: record.reject_reason } });
