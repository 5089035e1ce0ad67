// Pure rules for creating and editing a leave, used by the server before it writes and by the web form.
// The numbers come from the owner's leave policy (machines/settings), the spec's by default.
import {
  cutoffOf,
  DEFAULT_LEAVE_POLICY,
  firstMeal,
  type BusinessSettings,
  type LeavePolicy,
  type Meal,
} from '../settings/settings.rules';
import {
  addDays,
  diffDays,
  inclusiveDays,
  isAfter,
  isBefore,
  type IsoDate,
  rangesOverlap,
} from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import { leaveRequestRefusals } from './leave.messages';
import type { LeaveEvent } from './leave.types';

export const LEAVE_CUSTOMER_ACTIONS = ['leave.update', 'leave.delete'] as const;
export const LEAVE_OWNER_ACTIONS = ['leave.approve', 'leave.reject'] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const leaveActionProbes: readonly LeaveEvent[] = [
  { type: 'leave.approve', adminComment: 'ok' },
  { type: 'leave.reject', adminComment: 'ok' },
  { type: 'leave.update' },
  { type: 'leave.delete' },
];

/** Days of leave, both dates counted: the day difference plus one. */
export function leaveDuration(startDate: IsoDate, endDate: IsoDate): number {
  return diffDays(endDate, startDate) + 1;
}

export interface LeaveRequestFacts {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** Today in the business time zone. */
  readonly today: IsoDate;
  /** The subscription's adjusted end date (null before it was paid). */
  readonly adjustedEndDate: IsoDate | null;
  /**
   * The subscription's start date: later than today for one queued behind the customer's running
   * plan (null before it was paid; absent: not checked).
   */
  readonly subscriptionStartDate?: IsoDate | null;
  readonly subscriptionStatus: string;
  /** The user has another PENDING leave (when editing, not counting the one being edited). */
  readonly hasOtherPending: boolean;
  /** The dates overlap one of the user's PENDING or APPROVED leaves (not counting the one being edited). */
  readonly overlapsExisting: boolean;
  /** The owner's leave policy; the spec's rules without one. */
  readonly policy?: LeavePolicy;
  /**
   * The user's other PENDING and APPROVED leaves (not the one being edited), for the monthly cap;
   * without them none are counted.
   */
  readonly otherLeaves?: ReadonlyArray<LeaveRange>;
  /**
   * When the first meal the leave takes off is fixed (see firstMealCutoff), and the time now (an
   * ISO instant), for the policy's before_cutoff rule; without them it is not checked.
   */
  readonly firstCutoff?: FirstMealCutoff | null;
  readonly now?: string;
}

export interface LeaveRange {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
}

/** The cutoff of the first meal of a leave's first day: the meal, its business date and time, its instant. */
export interface FirstMealCutoff {
  readonly meal: Meal;
  readonly date: IsoDate;
  readonly time: string;
  readonly at: string;
}

/**
 * The cutoff of the first of `meals` (the subscription's) on `startDate`; `instant` turns a
 * business date and time into an ISO instant (cutoffAt's zone arithmetic). Null without meals.
 */
export function firstMealCutoff(
  settings: BusinessSettings,
  meals: readonly Meal[],
  startDate: IsoDate,
  instant: (date: IsoDate, time: string) => string,
): FirstMealCutoff | null {
  const meal = firstMeal(meals);
  if (meal === null) return null;
  const local = cutoffOf(settings, meal, startDate);
  return { meal, date: local.date, time: local.time, at: instant(local.date, local.time) };
}

/** The last day of `month` (YYYY-MM). */
function monthEnd(month: string): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12
      ? `${year + 1}-01-01`
      : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** The days of `range` that fall in `month` (YYYY-MM). */
export function leaveDaysInMonth(range: LeaveRange, month: string): number {
  const first = `${month}-01`;
  const last = monthEnd(month);
  const start = isBefore(range.startDate, first) ? first : range.startDate;
  const end = isAfter(range.endDate, last) ? last : range.endDate;
  return isAfter(start, end) ? 0 : inclusiveDays(start, end);
}

/** The calendar months (YYYY-MM) a leave touches, in order. */
export function monthsOf(range: LeaveRange): string[] {
  const months: string[] = [];
  let month = range.startDate.slice(0, 7);
  const last = range.endDate.slice(0, 7);
  while (month <= last) {
    months.push(month);
    month = addDays(monthEnd(month), 1).slice(0, 7);
  }
  return months;
}

/**
 * The first month in which the leave would take the user past the policy's monthly cap, with the
 * days it would hold then; null when within it (or there is no cap).
 */
export function monthOverCap(
  leave: LeaveRange,
  others: ReadonlyArray<LeaveRange>,
  cap: number | null,
): { readonly month: string; readonly days: number } | null {
  if (cap === null || isAfter(leave.startDate, leave.endDate)) return null;
  for (const month of monthsOf(leave)) {
    const days = [leave, ...others].reduce((sum, range) => sum + leaveDaysInMonth(range, month), 0);
    if (days > cap) return { month, days };
  }
  return null;
}

/** Whether an approved leave of `durationDays` extends its subscription under `policy`. */
export const leaveExtends = (durationDays: number, policy: LeavePolicy = DEFAULT_LEAVE_POLICY) =>
  durationDays >= policy.min_extending_days;

/** "A leave can last at most N days.", naming the policy's number. */
export const tooLongRefusal = (maxDays: number) => refusal('leave.too_long', { count: maxDays });

export type LeaveRequestVerdict =
  | { readonly ok: true; readonly durationDays: number }
  | { readonly ok: false; readonly refusals: readonly [Refusal, ...Refusal[]] };

/** Every rule a new (or edited) leave must satisfy; all refusals, in a stable order. */
export function validateLeaveRequest(facts: LeaveRequestFacts): LeaveRequestVerdict {
  const refusals: Refusal[] = [];
  if (facts.subscriptionStatus !== 'ACTIVE')
    refusals.push(leaveRequestRefusals.subscriptionNotActive);
  if (isBefore(facts.startDate, facts.today)) refusals.push(leaveRequestRefusals.pastDates);
  if (isAfter(facts.startDate, facts.endDate)) refusals.push(leaveRequestRefusals.endBeforeStart);
  if (facts.adjustedEndDate !== null && isAfter(facts.startDate, facts.adjustedEndDate)) {
    refusals.push(leaveRequestRefusals.startsAfterSubscriptionEnd);
  }
  // Days before a queued subscription starts are its predecessor's: a leave there is not its own.
  const starts = facts.subscriptionStartDate;
  if (starts && isBefore(facts.startDate, starts)) {
    refusals.push(refusal('leave.before_subscription_start', { day: starts }));
  }
  const policy = facts.policy ?? DEFAULT_LEAVE_POLICY;
  if (inclusiveDays(facts.startDate, facts.endDate) > policy.max_days) {
    refusals.push(tooLongRefusal(policy.max_days));
  }
  const overCap = monthOverCap(facts, facts.otherLeaves ?? [], policy.max_days_per_month);
  if (overCap && policy.max_days_per_month !== null) {
    refusals.push(
      refusal('leave.month_limit', {
        count: policy.max_days_per_month,
        month: overCap.month,
        days: overCap.days,
      }),
    );
  }
  const cutoff = facts.firstCutoff;
  if (
    policy.before_cutoff &&
    cutoff &&
    facts.now !== undefined &&
    Date.parse(facts.now) >= Date.parse(cutoff.at) &&
    !isBefore(facts.startDate, facts.today)
  ) {
    refusals.push(
      refusal('leave.after_cutoff', {
        day: facts.startDate,
        meal: cutoff.meal,
        time: cutoff.time,
        cutoff_day: cutoff.date,
      }),
    );
  }
  if (facts.overlapsExisting) refusals.push(leaveRequestRefusals.overlaps);
  if (facts.hasOtherPending) refusals.push(leaveRequestRefusals.pendingExists);
  const [first, ...rest] = refusals;
  if (first) return { ok: false, refusals: [first, ...rest] };
  return { ok: true, durationDays: leaveDuration(facts.startDate, facts.endDate) };
}

/** A leave as the API shows it and as stored (the names are the same). */
export interface LeaveRecord {
  readonly id: number;
  readonly status: string;
  readonly leave_start_date: IsoDate;
  readonly leave_end_date: IsoDate;
}

/**
 * hasOtherPending and overlapsExisting of LeaveRequestFacts, from the user's leaves: the server
 * reads them from its table, the web app from the list it shows. `editedLeaveId` is left out, so an
 * edit is not refused for overlapping or being the pending leave it replaces.
 */
export function otherLeaveFacts(
  dates: { readonly startDate: IsoDate; readonly endDate: IsoDate },
  leaves: ReadonlyArray<LeaveRecord>,
  editedLeaveId: number | null,
): Pick<LeaveRequestFacts, 'hasOtherPending' | 'overlapsExisting' | 'otherLeaves'> {
  const others = leaves.filter(
    (leave) =>
      leave.id !== editedLeaveId && (leave.status === 'PENDING' || leave.status === 'APPROVED'),
  );
  const otherLeaves = others.map((leave) => ({
    startDate: leave.leave_start_date,
    endDate: leave.leave_end_date,
  }));
  return {
    hasOtherPending: others.some((leave) => leave.status === 'PENDING'),
    overlapsExisting: overlapsAnyLeave(dates, otherLeaves),
    otherLeaves,
  };
}

/** The form field a refusal of validateLeaveRequest is shown under; null: the form as a whole. */
export type LeaveFormField = 'subscription' | 'leave_start_date' | 'leave_end_date';

const REFUSAL_FIELDS: Readonly<Record<string, LeaveFormField>> = {
  [leaveRequestRefusals.subscriptionNotActive.code]: 'subscription',
  [leaveRequestRefusals.pastDates.code]: 'leave_start_date',
  [leaveRequestRefusals.startsAfterSubscriptionEnd.code]: 'leave_start_date',
  [leaveRequestRefusals.endBeforeStart.code]: 'leave_end_date',
  [leaveRequestRefusals.tooLong.code]: 'leave_end_date',
  'leave.month_limit': 'leave_end_date',
  'leave.after_cutoff': 'leave_start_date',
  'leave.before_subscription_start': 'leave_start_date',
};

export function leaveRefusalField(refusal: Refusal): LeaveFormField | null {
  return REFUSAL_FIELDS[refusal.code] ?? null;
}

/** True when the leave overlaps any of `others` (inclusive ranges). */
export function overlapsAnyLeave(
  leave: { readonly startDate: IsoDate; readonly endDate: IsoDate },
  others: ReadonlyArray<{ readonly startDate: IsoDate; readonly endDate: IsoDate }>,
): boolean {
  return others.some((other) =>
    rangesOverlap(
      { start: leave.startDate, end: leave.endDate },
      { start: other.startDate, end: other.endDate },
    ),
  );
}
