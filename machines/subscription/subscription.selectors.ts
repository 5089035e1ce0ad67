import type { SnapshotFrom } from 'xstate';
import type { IsoDate } from '../shared/dates';
import type { SubscriptionStatus } from './subscription.context';
import type { SubscriptionAction } from './subscription.events';
import type { SubscriptionMachine } from './subscription.machine';
import { daysRemaining, isExpired, isSoonToExpire } from './subscription.rules';

type SubscriptionSnapshot = SnapshotFrom<SubscriptionMachine>;

export const selectSubscriptionState = (snapshot: SubscriptionSnapshot) => snapshot.value;
export const selectIsAwaitingPayment = (snapshot: SubscriptionSnapshot) =>
  snapshot.hasTag('awaitingPayment');
export const selectIsRunning = (snapshot: SubscriptionSnapshot) => snapshot.hasTag('running');
export const selectDaysRemaining = (snapshot: SubscriptionSnapshot, today: IsoDate) =>
  daysRemaining(
    snapshot.context.adjustedEndDate,
    today,
    typeof snapshot.value === 'string' ? snapshot.value : '',
  );

/** Button labels for the customer's actions (spec §4). */
export const SUBSCRIPTION_ACTION_LABELS: Readonly<Record<SubscriptionAction, string>> = {
  'subscription.pay': 'Pay Now',
  'subscription.delete': 'Delete Subscription',
  'subscription.request_leave': 'Request Leave',
  'subscription.cancel': 'Cancel Subscription',
  'subscription.renew': 'Renew Subscription',
  'subscription.request_refund': 'Request Refund',
};

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  PENDING_PAYMENT: 'Pending Payment',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

/** How an end date is coloured (spec §2): red if past, yellow within 5 days. */
export function expiryTone(
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
): 'expired' | 'soon' | 'normal' {
  if (isExpired(adjustedEndDate, today)) return 'expired';
  if (isSoonToExpire(adjustedEndDate, today)) return 'soon';
  return 'normal';
}
