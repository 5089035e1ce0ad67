// Pure subscription arithmetic and creation rules, shared by the server (writes) and the web app (previews).
import { MAX_PENDING_SUBSCRIPTIONS, SOON_TO_EXPIRE_DAYS } from '../shared/constants';
import {
  addDays,
  compareDates,
  diffDays,
  inclusiveDays,
  isBefore,
  type IsoDate,
} from '../shared/dates';
import type { Refusal } from '../shared/refusals';
import { subscriptionRequestRefusals } from './subscription.messages';
import type { ServiceType, SubscriptionEvent, SubscriptionStatus } from './subscription.types';

/** Actions the customer sees as buttons, in display order. */
export const SUBSCRIPTION_CUSTOMER_ACTIONS = [
  'subscription.pay',
  'subscription.delete',
  'subscription.request_leave',
  'subscription.cancel',
  'subscription.renew',
  'subscription.request_refund',
] as const;

/** Actions only the owner takes. */
export const SUBSCRIPTION_OWNER_ACTIONS = ['subscription.adjust'] as const;

/** Events only the server sends. */
export const SUBSCRIPTION_SYSTEM_EVENTS = [
  'payment.succeeded',
  'subscription.expire',
  'subscription.extend',
  'subscription.follow',
] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const subscriptionActionProbes: readonly SubscriptionEvent[] =
  SUBSCRIPTION_CUSTOMER_ACTIONS.map((type) => ({ type }));

/** How an end date is coloured: red if past, yellow within 5 days. */
export function expiryTone(
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
): 'expired' | 'soon' | 'normal' {
  if (isExpired(adjustedEndDate, today)) return 'expired';
  if (isSoonToExpire(adjustedEndDate, today)) return 'soon';
  return 'normal';
}

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

/**
 * The day a subscription paid (or started) on `paidOn` starts: that day, or, while the customer
 * has plans of the same service that end on or after it (`sameServiceEnds`: the adjusted end
 * dates of their other ACTIVE ones), the day after the last of them ends. Buying again while a
 * plan runs queues the new one: one person is never on two plans of one service at once.
 */
export function queuedStartDate(paidOn: IsoDate, sameServiceEnds: readonly IsoDate[]): IsoDate {
  const last = [...sameServiceEnds].sort(compareDates).at(-1);
  return last !== undefined && !isBefore(last, paidOn) ? addDays(last, 1) : paidOn;
}

/** Whether a subscription's first day has come by `today` (false while unpaid). */
export const hasStarted = (startDate: IsoDate | null, today: IsoDate): boolean =>
  startDate !== null && !isBefore(today, startDate);

/**
 * The days the owner has added to the end date so far (negative when taken back): what is left of
 * adjusted end − base end once approved leave is counted. An owner's shortening may take back only
 * these, so it never cuts paid days or approved leave.
 */
export function ownerAddedDays(
  baseEndDate: IsoDate | null,
  adjustedEndDate: IsoDate | null,
  leaveDays: number,
): number {
  if (baseEndDate === null || adjustedEndDate === null) return 0;
  return diffDays(adjustedEndDate, baseEndDate) - leaveDays;
}

/** The end date after an owner's adjustment by `days` (null stays null). */
export function adjustedEndAfter(adjustedEndDate: IsoDate | null, days: number): IsoDate | null {
  return adjustedEndDate === null ? null : addDays(adjustedEndDate, days);
}

/**
 * max(0, adjusted − today + 1) while ACTIVE, else 0; for one queued behind another plan (its
 * `startDate` after today), all of its days: adjusted − start + 1.
 */
export function daysRemaining(
  adjustedEndDate: IsoDate | null,
  today: IsoDate,
  status: SubscriptionStatus | string,
  startDate: IsoDate | null = null,
): number {
  if (status !== 'ACTIVE' || adjustedEndDate === null) return 0;
  const from = startDate !== null && isBefore(today, startDate) ? startDate : today;
  return Math.max(0, diffDays(adjustedEndDate, from) + 1);
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

export interface LeavePeriod {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
}

export interface RefundInput {
  readonly totalPaidPaise: number;
  readonly startDate: IsoDate;
  /** start + duration − 1: the end of the paid period, without leave extensions. */
  readonly baseEndDate: IsoDate;
  /** The subscription's APPROVED leaves (pending and rejected ones change nothing). */
  readonly approvedLeaves: readonly LeavePeriod[];
  /** The cancellation's business date; it counts as a used day unless it is a leave day. */
  readonly cancelledOn: IsoDate;
}

export interface RefundBreakdown {
  readonly amountPaise: number;
  /** base_end − start + 1: the days the payment bought. Leave extensions are not paid days. */
  readonly paidDays: number;
  /** Days from start to the cancellation date, both included, not on approved leave (≤ paidDays). */
  readonly usedDays: number;
  /** Approved leave days from start to the cancellation date: no meal was eaten on them. */
  readonly leaveDaysTaken: number;
  /** paidDays − usedDays, within 0..paidDays. */
  readonly unusedPaidDays: number;
}

/** Days of `period` within [from, to], both included. */
function overlapDays(period: LeavePeriod, from: IsoDate, to: IsoDate): number {
  const start = isBefore(period.startDate, from) ? from : period.startDate;
  const end = isBefore(to, period.endDate) ? to : period.endDate;
  return inclusiveDays(start, end);
}

/** Days within [from, to] covered by any of `periods`, each day counted once. */
function coveredDays(periods: readonly LeavePeriod[], from: IsoDate, to: IsoDate): number {
  const sorted = [...periods].sort((a, b) => diffDays(a.startDate, b.startDate));
  let covered = 0;
  // The first day not yet counted, so overlapping periods add only their new days.
  let next = from;
  for (const period of sorted) {
    if (isBefore(period.endDate, next)) continue;
    covered += overlapDays(period, next, to);
    next = addDays(period.endDate, 1);
  }
  return covered;
}

/**
 * The refund of a cancelled subscription: total paid × unused paid days ÷ paid days, rounded down
 * to the rupee. Approved leave moves meals later without adding paid days, so leave days are
 * neither used days nor extra days to refund.
 */
export function refundBreakdown(input: RefundInput): RefundBreakdown {
  const paidDays = inclusiveDays(input.startDate, input.baseEndDate);
  const elapsedDays = inclusiveDays(input.startDate, input.cancelledOn);
  const leaveDaysTaken = coveredDays(input.approvedLeaves, input.startDate, input.cancelledOn);
  const usedDays = Math.min(paidDays, elapsedDays - leaveDaysTaken);
  const unusedPaidDays = paidDays - usedDays;
  if (paidDays === 0 || input.totalPaidPaise <= 0) {
    return { amountPaise: 0, paidDays, usedDays, leaveDaysTaken, unusedPaidDays };
  }
  // Integer arithmetic: paise × days stays far below 2^53 for any realistic price.
  const amountRupees = Math.floor((input.totalPaidPaise * unusedPaidDays) / (paidDays * 100));
  return { amountPaise: amountRupees * 100, paidDays, usedDays, leaveDaysTaken, unusedPaidDays };
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
