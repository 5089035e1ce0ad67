// A stored payment's status: INITIATED → PENDING → SUCCESS | FAILED. Receipts exist only for SUCCESS.
// Money received at the mess goes INITIATED → SUCCESS by payment.record_offline, full price only.
import { and, assign, setup } from 'xstate';
import { lifecycleMeta, defineMachine } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import { paymentStatusActionProbes } from './payment.rules';
import { paymentStatusRefusals } from './payment.messages';
import {
  hasRequiredReference,
  isWithinDue,
  wasReceivedAfterSubscribing,
  wasReceivedByToday,
} from './payment.rules';
import type { PaymentStatusContext, PaymentStatus, PaymentStatusEvent } from './payment.types';

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const paymentStatusMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as PaymentStatusContext,
      events: {} as PaymentStatusEvent,
      input: {} as PaymentStatusContext,
      tags: {} as 'open' | 'settled',
    },
    actions: {
      recordTransaction: assign({
        transactionId: ({ context, event }) =>
          event.type === 'payment.succeed' || event.type === 'payment.record_offline'
            ? event.transactionId.trim()
            : context.transactionId,
      }),
      recordFailure: assign({
        failureReason: ({ context, event }) =>
          event.type === 'payment.fail' ? event.reason : context.failureReason,
      }),
    },
    guards: {
      hasTransactionId: ({ event }) =>
        (event.type === 'payment.succeed' || event.type === 'payment.record_offline') &&
        isNonBlank(event.transactionId),
      isWithinDue: ({ event }) =>
        event.type === 'payment.record_offline' && isWithinDue(event.offline),
      hasRequiredReference: ({ event }) =>
        event.type === 'payment.record_offline' && hasRequiredReference(event.offline),
      wasReceivedByToday: ({ event }) =>
        event.type === 'payment.record_offline' && wasReceivedByToday(event.offline),
      wasReceivedAfterSubscribing: ({ event }) =>
        event.type === 'payment.record_offline' && wasReceivedAfterSubscribing(event.offline),
    },
  }).createMachine({
    id: 'paymentStatus',
    initial: 'INITIATED',
    context: ({ input }) => input,
    meta: lifecycleMeta<PaymentStatusEvent, PaymentStatus>({
      refusals: paymentStatusRefusals,
      actions: paymentStatusActionProbes,
    }),
    states: {
      INITIATED: {
        tags: ['open'],
        on: {
          'payment.mark_pending': { target: 'PENDING' },
          'payment.succeed': {
            guard: 'hasTransactionId',
            target: 'SUCCESS',
            actions: 'recordTransaction',
          },
          'payment.fail': { target: 'FAILED', actions: 'recordFailure' },
          'payment.record_offline': {
            guard: and([
              'hasTransactionId',
              'isWithinDue',
              'hasRequiredReference',
              'wasReceivedByToday',
              'wasReceivedAfterSubscribing',
            ]),
            target: 'SUCCESS',
            actions: 'recordTransaction',
          },
        },
      },
      PENDING: {
        tags: ['open'],
        on: {
          'payment.succeed': {
            guard: 'hasTransactionId',
            target: 'SUCCESS',
            actions: 'recordTransaction',
          },
          'payment.fail': { target: 'FAILED', actions: 'recordFailure' },
        },
      },
      SUCCESS: { type: 'final', tags: ['settled'] },
      FAILED: { type: 'final', tags: ['settled'] },
    },
  }),
);

export type PaymentStatusMachine = typeof paymentStatusMachine;
