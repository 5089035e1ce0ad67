import { assign, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import { refundRefusals } from './refund.messages';
import { refundActionProbes } from './refund.rules';
import type { RefundStatus, RefundContext, RefundEvent } from './refund.types';

// Refund: PENDING → APPROVED | REJECTED; APPROVED → PAID. Every step is an owner action with a
// comment; while PENDING the customer may change where it is to be paid.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const refundMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as RefundContext,
      events: {} as RefundEvent,
      input: {} as RefundContext,
      tags: {} as 'open' | 'settled' | 'payable',
    },
    guards: {
      hasAdminComment: ({ event }) => 'adminComment' in event && isNonBlank(event.adminComment),
    },
    actions: {
      recordComment: assign({
        adminComment: ({ event, context }) =>
          'adminComment' in event ? event.adminComment.trim() : context.adminComment,
      }),
    },
  }).createMachine({
    id: 'refund',
    initial: 'PENDING',
    context: ({ input }) => input,
    meta: lifecycleMeta<RefundEvent, RefundStatus>({
      refusals: refundRefusals,
      actions: refundActionProbes,
    }),
    states: {
      PENDING: {
        tags: ['open'],
        on: {
          'refund.approve': {
            guard: 'hasAdminComment',
            target: 'APPROVED',
            actions: 'recordComment',
          },
          'refund.reject': {
            guard: 'hasAdminComment',
            target: 'REJECTED',
            actions: 'recordComment',
          },
          // The payout details live outside the machine; it only says when they may change.
          'refund.update_payout': { target: 'PENDING' },
        },
      },
      APPROVED: {
        // Waiting for the transfer: the owner may see the full payout details to make it.
        tags: ['open', 'payable'],
        on: {
          'refund.mark_paid': {
            guard: 'hasAdminComment',
            target: 'PAID',
            actions: [
              'recordComment',
              assign({
                utr: ({ event }) =>
                  'utr' in event && isNonBlank(event.utr) ? event.utr.trim() : null,
              }),
            ],
          },
        },
      },
      REJECTED: { type: 'final', tags: ['settled'] },
      PAID: { type: 'final', tags: ['settled'] },
    },
  }),
);

export type RefundMachine = typeof refundMachine;

type RefundSnapshot = SnapshotFrom<RefundMachine>;

/** Still waiting for an owner decision or payout. */
export const selectIsRefundOpen = (snapshot: RefundSnapshot) => snapshot.hasTag('open');

/** Approved and waiting for the transfer: the one state whose payout details are shown in full. */
export const selectIsPayable = (snapshot: RefundSnapshot) => snapshot.hasTag('payable');

/** The customer may still add or change where the refund is to be paid. */
export const selectCanChangePayout = (snapshot: RefundSnapshot) =>
  snapshot.can({ type: 'refund.update_payout' });
