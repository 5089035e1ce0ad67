// Every sentence the subscription lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import { labelsOf } from '../shared/labels';
import { refusal } from '../shared/refusals';
import { MAX_ADJUSTMENT_DAYS, MAX_PENDING_SUBSCRIPTIONS } from '../shared/constants';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import type { Refusal } from '../shared/refusals';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionEvent,
  type SubscriptionStateValue,
} from './subscription.types';

export const subscriptionRefusals = {
  states: {
    DELETED: refusal('subscription.deleted'),
  },
  events: {
    'subscription.pay': refusal('subscription.not_pending_payment:pay'),
    'subscription.delete': refusal('subscription.not_pending_payment:delete'),
    'payment.succeeded': refusal('subscription.not_pending_payment'),
    'subscription.request_leave': refusal('subscription.not_active:request_leave'),
    'subscription.cancel': refusal('subscription.not_active:cancel'),
    'subscription.expire': refusal('subscription.not_active:expire'),
    'subscription.extend': refusal('subscription.not_active:extend'),
    'subscription.adjust': refusal('subscription.not_active:adjust'),
    'subscription.follow': refusal('subscription.not_active'),
    'subscription.renew': refusal('subscription.not_expired'),
    'subscription.request_refund': refusal('subscription.not_cancelled'),
  },
  guards: {
    hasEnded: refusal('subscription.not_ended'),
    isPositiveExtension: refusal('subscription.invalid_extension'),
    isNonZeroWholeDays: refusal('subscription.invalid_adjustment', { max: MAX_ADJUSTMENT_DAYS }),
    hasReason: refusal('subscription.reason_required'),
    keepsEndOnOrAfterToday: refusal('subscription.end_before_today'),
    keepsPaidAndLeaveDays: refusal('subscription.shortens_paid_days'),
    hasNotStarted: refusal('subscription.already_started'),
    isWholeDayMove: refusal('subscription.invalid_extension'),
    isPlanActive: refusal('subscription.plan_inactive'),
    hasSuccessfulPayment: refusal('subscription.no_successful_payment'),
    hasNoRefund: refusal('subscription.refund_exists'),
  },
} as const satisfies RefusalTable<SubscriptionEvent, SubscriptionStateValue>;

/** Refusals of validateSubscriptionRequest, in the order they are checked. */
export const subscriptionRequestRefusals = {
  planInactive: subscriptionRefusals.guards.isPlanActive,
  profileIncomplete: refusal('subscription.profile_incomplete'),
  serviceTypeMismatch: refusal('subscription.service_type_mismatch'),
  alreadySubscribed: refusal('subscription.already_subscribed'),
  tooManyPending: refusal('subscription.too_many_pending', { count: MAX_PENDING_SUBSCRIPTIONS }),
} as const satisfies Record<string, Refusal>;

/** Title and message of the toasts for failed subscription actions. */
export const SUBSCRIPTION_FAILURE_TOASTS = {
  'subscription.delete': { title: 'Delete Failed', message: 'Failed to delete subscription.' },
  'subscription.pay': { title: 'Payment Failed', message: 'Failed to initiate payment.' },
  'subscription.cancel': { title: 'Cancel Failed', message: 'Failed to cancel subscription.' },
  'subscription.renew': { title: 'Renew Failed', message: 'Failed to renew subscription.' },
} as const;

/** Title and message of the toasts of the owner's end-date adjustments. */
export const SUBSCRIPTION_ADJUSTMENT_TOASTS = {
  adjusted: { title: 'End Date Adjusted' },
  adjustFailed: { title: 'Adjustment Failed', message: 'Failed to adjust the end date.' },
  extendedAll: { title: 'Subscriptions Extended' },
  extendAllFailed: {
    title: 'Extension Failed',
    message: 'Failed to extend the active subscriptions.',
  },
} as const;

export type SubscriptionRefusalCode = RefusalCodeOf<
  typeof subscriptionRefusals,
  typeof subscriptionRequestRefusals
>;

// How screens name each subscription status (web badges, `dabba` tables). No imports but types,
// so any bundle can carry it.

export const SUBSCRIPTION_STATUS_LABELS = labelsOf(SUBSCRIPTION_STATUSES, {
  PENDING_PAYMENT: 'Pending Payment',
});
