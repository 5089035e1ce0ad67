// Every sentence the subscription lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import { MAX_ADJUSTMENT_DAYS, MAX_PENDING_SUBSCRIPTIONS } from '../shared/constants';
import type { Refusal, RefusalTable } from '../shared/lifecycle';
import type {
  SubscriptionEventType,
  SubscriptionStateValue,
  SubscriptionStatus,
} from './subscription.machine';

export const subscriptionRefusals = {
  states: {
    DELETED: { code: 'subscription.deleted', message: 'This subscription has been deleted.' },
  },
  events: {
    'subscription.pay': {
      code: 'subscription.not_pending_payment',
      message: 'Only subscriptions awaiting payment can be paid.',
    },
    'subscription.delete': {
      code: 'subscription.not_pending_payment',
      message: 'Only subscriptions awaiting payment can be deleted.',
    },
    'payment.succeeded': {
      code: 'subscription.not_pending_payment',
      message: 'This subscription is not awaiting payment.',
    },
    'subscription.request_leave': {
      code: 'subscription.not_active',
      message: 'Leave can only be requested on an active subscription.',
    },
    'subscription.cancel': {
      code: 'subscription.not_active',
      message: 'Only active subscriptions can be cancelled.',
    },
    'subscription.expire': {
      code: 'subscription.not_active',
      message: 'Only active subscriptions can expire.',
    },
    'subscription.extend': {
      code: 'subscription.not_active',
      message: 'Only active subscriptions can be extended.',
    },
    'subscription.adjust': {
      code: 'subscription.not_active',
      message: 'Only active subscriptions can have their end date adjusted.',
    },
    'subscription.renew': {
      code: 'subscription.not_expired',
      message: 'Only expired subscriptions can be renewed.',
    },
    'subscription.request_refund': {
      code: 'subscription.not_cancelled',
      message: 'A refund can only be requested for a cancelled subscription.',
    },
  },
  guards: {
    hasEnded: {
      code: 'subscription.not_ended',
      message: 'The subscription has not reached its end date yet.',
    },
    isPositiveExtension: {
      code: 'subscription.invalid_extension',
      message: 'An extension must be a whole number of days, at least one.',
    },
    isNonZeroWholeDays: {
      code: 'subscription.invalid_adjustment',
      message: `An adjustment must be a whole number of days from -${MAX_ADJUSTMENT_DAYS} to ${MAX_ADJUSTMENT_DAYS}, not zero.`,
    },
    hasReason: {
      code: 'subscription.reason_required',
      message: 'Please give a reason; the customer is told why their end date moved.',
    },
    keepsEndOnOrAfterToday: {
      code: 'subscription.end_before_today',
      message: 'The new end date would be before today, which would end the subscription at once.',
    },
    keepsPaidAndLeaveDays: {
      code: 'subscription.shortens_paid_days',
      message:
        'A shortening can only take back days given earlier; it cannot remove paid days or approved leave.',
    },
    isPlanActive: {
      code: 'subscription.plan_inactive',
      message: 'This plan is no longer available.',
    },
    hasSuccessfulPayment: {
      code: 'subscription.no_successful_payment',
      message: 'There is no successful payment to refund for this subscription.',
    },
    hasNoRefund: {
      code: 'subscription.refund_exists',
      message: 'A refund has already been requested for this subscription.',
    },
  },
} as const satisfies RefusalTable<SubscriptionEventType, SubscriptionStateValue>;

/** Refusals of validateSubscriptionRequest, in the order they are checked. */
export const subscriptionRequestRefusals = {
  planInactive: subscriptionRefusals.guards.isPlanActive,
  profileIncomplete: {
    code: 'subscription.profile_incomplete',
    message: 'Please complete your profile before subscribing.',
  },
  serviceTypeMismatch: {
    code: 'subscription.service_type_mismatch',
    message: "This plan's service type does not match the service chosen in your profile.",
  },
  alreadySubscribed: {
    code: 'subscription.already_subscribed',
    message: 'You already have an active or pending subscription to this plan.',
  },
  tooManyPending: {
    code: 'subscription.too_many_pending',
    message: `You can have at most ${MAX_PENDING_SUBSCRIPTIONS} subscriptions awaiting payment.`,
  },
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

export type SubscriptionRefusalCode =
  | (typeof subscriptionRefusals)['states']['DELETED']['code']
  | (typeof subscriptionRefusals)['events'][SubscriptionEventType]['code']
  | (typeof subscriptionRefusals)['guards'][keyof (typeof subscriptionRefusals)['guards']]['code']
  | (typeof subscriptionRequestRefusals)[keyof typeof subscriptionRequestRefusals]['code'];

// How screens name each subscription status (web badges, `dabba` tables). No imports but types,
// so any bundle can carry it.

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  PENDING_PAYMENT: 'Pending Payment',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};
