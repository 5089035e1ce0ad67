// Pure subscription arithmetic and creation rules, shared by the server (writes) and the web app (previews).
import { MAX_PENDING_SUBSCRIPTIONS, SOON_TO_EXPIRE_DAYS } from '../shared/constants';
import type { IsoDate } from '../shared/dates';
import { addDays, diffDays, isBefore } from '../shared/dates';
import type { Refusal } from '../shared/lifecycle';
import type { ServiceType, SubscriptionStatus } from './subscription.context';
import { subscriptionRequestRefusals } from './subscription.messages';

export interface SubscriptionDates {
  readonly startDate: IsoDate;
  readonly baseEndDate: IsoDate;
  readonly adjustedEndDate: IsoDate;
}

/** Dates set when payment succeeds: start on the payment's business date, end after duration (+ leave) days. */
export function computeSubscriptionDates(
  paidOn: IsoDate,
  durationDays: number,
  leaveDays = 0,
): SubscriptionDates {
  const baseEndDate = addDays(paidOn, durationDays - 1);
  return { startDate: paidOn, baseEndDate, adjustedEndDate: addDays(baseEndDate, leaveDays) };
}

/** max(0, adjusted − today + 1) while ACTIVE, else 0. */
export function daysRemaining(
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
  status: SubscriptionStatus | string,
): number {
  if (status !== 'ACTIVE' || adjustedEndDate === null) return 0;
  return Math.max(0, diffDays(adjustedEndDate, today) + 1);
}

/** The end date is in the past. */
export function isExpired(adjustedEndDate: IsoDate | null, today: IsoDate): boolean {
  return adjustedEndDate !== null && isBefore(adjustedEndDate, today);
}

/** Not expired, and the end date is today or within the next 5 days (0 to 5 days left after today). */
export function isSoonToExpire(adjustedEndDate: IsoDate | null, today: IsoDate): boolean {
  if (adjustedEndDate === null) return false;
  const daysUntilEnd = diffDays(adjustedEndDate, today);
  return daysUntilEnd >= 0 && daysUntilEnd <= SOON_TO_EXPIRE_DAYS;
}

/**
 * The status every read should report: an ACTIVE subscription whose end date has passed is EXPIRED
 * even before the daily job has written it.
 */
export function effectiveSubscriptionStatus(
  status: SubscriptionStatus,
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
): SubscriptionStatus {
  return status === 'ACTIVE' && isExpired(adjustedEndDate, today) ? 'EXPIRED' : status;
}

export interface RefundInput {
  readonly totalPaidPaise: number;
  readonly startDate: IsoDate;
  readonly adjustedEndDate: IsoDate;
  /** The cancellation's business date. */
  readonly today: IsoDate;
}

export interface RefundBreakdown {
  readonly amountPaise: number;
  /** Days from tomorrow to adjusted_end_date, never negative (nor more than totalDays). */
  readonly unusedDays: number;
  /** adjusted_end_date − start_date + 1. */
  readonly totalDays: number;
}

/** total paid × unused days ÷ total days, rounded down to the rupee, with its parts. */
export function refundBreakdown(input: RefundInput): RefundBreakdown {
  const totalDays = diffDays(input.adjustedEndDate, input.startDate) + 1;
  if (totalDays <= 0 || input.totalPaidPaise <= 0) {
    return { amountPaise: 0, unusedDays: 0, totalDays: Math.max(0, totalDays) };
  }
  const unusedDays = Math.min(totalDays, Math.max(0, diffDays(input.adjustedEndDate, input.today)));
  // Integer arithmetic: paise × days stays far below 2^53 for any realistic price.
  const amountRupees = Math.floor((input.totalPaidPaise * unusedDays) / (totalDays * 100));
  return { amountPaise: amountRupees * 100, unusedDays, totalDays };
}

/** The refund due on cancellation, in paise, rounded down to the rupee. */
export function computeRefundAmount(input: RefundInput): number {
  return refundBreakdown(input).amountPaise;
}

export interface SubscriptionRequestFacts {
  readonly planActive: boolean;
  readonly planServiceType: ServiceType;
  readonly profileComplete: boolean;
  readonly isTiffinUser: boolean;
  readonly isMessUser: boolean;
  /** The customer has an ACTIVE or PENDING_PAYMENT subscription to this plan. */
  readonly hasOpenSubscriptionToPlan: boolean;
  /** How many PENDING_PAYMENT subscriptions the customer has in total. */
  readonly pendingPaymentCount: number;
}

export type SubscriptionRequestVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly refusals: readonly [Refusal, ...Refusal[]] };

/** Every rule a new subscription must satisfy; all refusals, in a stable order. */
export function validateSubscriptionRequest(
  facts: SubscriptionRequestFacts,
): SubscriptionRequestVerdict {
  const refusals: Refusal[] = [];
  if (!facts.planActive) refusals.push(subscriptionRequestRefusals.planInactive);
  if (!facts.profileComplete) refusals.push(subscriptionRequestRefusals.profileIncomplete);
  const serviceMatches = facts.planServiceType === 'tiffin' ? facts.isTiffinUser : facts.isMessUser;
  if (!serviceMatches) refusals.push(subscriptionRequestRefusals.serviceTypeMismatch);
  if (facts.hasOpenSubscriptionToPlan) refusals.push(subscriptionRequestRefusals.alreadySubscribed);
  if (facts.pendingPaymentCount >= MAX_PENDING_SUBSCRIPTIONS) {
    refusals.push(subscriptionRequestRefusals.tooManyPending);
  }
  const [first, ...rest] = refusals;
  return first ? { ok: false, refusals: [first, ...rest] } : { ok: true };
}
