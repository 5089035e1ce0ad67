// Subscription: PENDING_PAYMENT → ACTIVE → EXPIRED | CANCELLED, or PENDING_PAYMENT → DELETED.
import { and, assign, setup } from 'xstate';
import { MAX_ADJUSTMENT_DAYS } from '../shared/constants';
import { addDays, isBefore } from '../shared/dates';
import { lifecycleMeta } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import type { SubscriptionContext, SubscriptionStateValue } from './subscription.context';
import type { SubscriptionEvent } from './subscription.events';
import { subscriptionActionProbes } from './subscription.events';
import { subscriptionRefusals } from './subscription.messages';
import {
  adjustedEndAfter,
  computeSubscriptionDates,
  isExpired,
  ownerAddedDays,
} from './subscription.rules';

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionContext,
    tags: {} as 'awaitingPayment' | 'running' | 'ended',
  },
  guards: {
    // The one expiry rule (isExpired), also behind every read's status and the SQL filters.
    hasEnded: ({ context, event }) =>
      event.type === 'subscription.expire' && isExpired(context.adjustedEndDate, event.today),
    isPositiveExtension: ({ event }) =>
      event.type === 'subscription.extend' && Number.isInteger(event.days) && event.days >= 1,
    // An owner's adjustment (subscription.adjust): whole days, not zero, within a year either way.
    isNonZeroWholeDays: ({ event }) =>
      event.type === 'subscription.adjust' &&
      Number.isInteger(event.days) &&
      event.days !== 0 &&
      Math.abs(event.days) <= MAX_ADJUSTMENT_DAYS,
    // The customer is told why their end date moved.
    hasReason: ({ event }) => event.type === 'subscription.adjust' && isNonBlank(event.reason),
    // A new end before today would expire the subscription at once (start ≤ today, so it also
    // never ends before it starts): refuse instead.
    keepsEndOnOrAfterToday: ({ context, event }) => {
      if (event.type !== 'subscription.adjust') return false;
      const end = adjustedEndAfter(context.adjustedEndDate, event.days);
      return end !== null && !isBefore(end, event.today);
    },
    // A shortening takes back only days the owner gave: paid days and approved leave stay.
    keepsPaidAndLeaveDays: ({ context, event }) =>
      event.type === 'subscription.adjust' &&
      (event.days > 0 ||
        ownerAddedDays(context.baseEndDate, context.adjustedEndDate, context.leaveDays) +
          event.days >=
          0),
    isPlanActive: ({ context }) => context.planActive,
    hasSuccessfulPayment: ({ context }) => context.hasSuccessfulPayment,
    hasNoRefund: ({ context }) => !context.hasRefund,
  },
}).createMachine({
  id: 'subscription',
  initial: 'PENDING_PAYMENT',
  context: ({ input }) => input,
  meta: lifecycleMeta<SubscriptionEvent, SubscriptionStateValue>({
    refusals: subscriptionRefusals,
    actions: subscriptionActionProbes,
  }),
  states: {
    PENDING_PAYMENT: {
      tags: ['awaitingPayment'],
      on: {
        // Paying happens in the payment lifecycle; the subscription only changes on payment.succeeded.
        'subscription.pay': { target: 'PENDING_PAYMENT' },
        'subscription.delete': { target: 'DELETED' },
        'payment.succeeded': {
          target: 'ACTIVE',
          actions: assign(({ context, event }) => ({
            ...computeSubscriptionDates(event.paidOn, context.durationDays, context.leaveDays),
            hasSuccessfulPayment: true,
          })),
        },
      },
    },
    ACTIVE: {
      tags: ['running'],
      on: {
        'subscription.request_leave': { target: 'ACTIVE' },
        'subscription.extend': {
          guard: 'isPositiveExtension',
          target: 'ACTIVE',
          actions: assign(({ context, event }) => ({
            leaveDays: context.leaveDays + event.days,
            adjustedEndDate:
              context.adjustedEndDate === null
                ? null
                : addDays(context.adjustedEndDate, event.days),
          })),
        },
        'subscription.adjust': {
          guard: and([
            'isNonZeroWholeDays',
            'hasReason',
            'keepsEndOnOrAfterToday',
            'keepsPaidAndLeaveDays',
          ]),
          target: 'ACTIVE',
          // Only the end date moves: leave_days and base_end_date (the paid period) stay.
          actions: assign(({ context, event }) => ({
            adjustedEndDate: adjustedEndAfter(context.adjustedEndDate, event.days),
          })),
        },
        'subscription.cancel': {
          target: 'CANCELLED',
          // A successful payment means a refund request is created with the cancellation.
          actions: assign(({ context }) => ({
            hasRefund: context.hasRefund || context.hasSuccessfulPayment,
          })),
        },
        'subscription.expire': { guard: 'hasEnded', target: 'EXPIRED' },
      },
    },
    EXPIRED: {
      tags: ['ended'],
      on: {
        // Renewing creates a new subscription; this one stays EXPIRED.
        'subscription.renew': { guard: 'isPlanActive', target: 'EXPIRED' },
      },
    },
    CANCELLED: {
      tags: ['ended'],
      on: {
        'subscription.request_refund': {
          guard: and(['hasSuccessfulPayment', 'hasNoRefund']),
          target: 'CANCELLED',
          actions: assign({ hasRefund: true }),
        },
      },
    },
    DELETED: { type: 'final' },
  },
});

export type SubscriptionMachine = typeof subscriptionMachine;
