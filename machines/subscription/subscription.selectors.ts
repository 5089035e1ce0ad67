import type { SnapshotFrom } from 'xstate';
import type { IsoDate } from '../shared/dates';
import type { SubscriptionMachine } from './subscription.machine';
import { daysRemaining, isExpired, isSoonToExpire } from './subscription.rules';

type SubscriptionSnapshot = SnapshotFrom<SubscriptionMachine>;

export const selectIsAwaitingPayment = (snapshot: SubscriptionSnapshot) =>
  snapshot.hasTag('awaitingPayment');
export const selectIsRunning = (snapshot: SubscriptionSnapshot) => snapshot.hasTag('running');
export const selectDaysRemaining = (snapshot: SubscriptionSnapshot, today: IsoDate) =>
  daysRemaining(
    snapshot.context.adjustedEndDate,
    today,
    typeof snapshot.value === 'string' ? snapshot.value : '',
  );

/** How an end date is coloured: red if past, yellow within 5 days. */
export function expiryTone(
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
): 'expired' | 'soon' | 'normal' {
  if (isExpired(adjustedEndDate, today)) return 'expired';
  if (isSoonToExpire(adjustedEndDate, today)) return 'soon';
  return 'normal';
}
