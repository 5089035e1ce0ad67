// Pure rules for creating and editing a leave, used by the server before it writes and by the web form.
import { MAX_LEAVE_DAYS } from '../shared/constants';
import type { IsoDate } from '../shared/dates';
import { diffDays, inclusiveDays, isAfter, isBefore, rangesOverlap } from '../shared/dates';
import type { Refusal } from '../shared/lifecycle';
import { leaveRequestRefusals } from './leave.messages';

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
  readonly subscriptionStatus: string;
  /** The user has another PENDING leave (when editing, not counting the one being edited). */
  readonly hasOtherPending: boolean;
  /** The dates overlap one of the user's PENDING or APPROVED leaves (not counting the one being edited). */
  readonly overlapsExisting: boolean;
}

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
  if (inclusiveDays(facts.startDate, facts.endDate) > MAX_LEAVE_DAYS) {
    refusals.push(leaveRequestRefusals.tooLong);
  }
  if (facts.overlapsExisting) refusals.push(leaveRequestRefusals.overlaps);
  if (facts.hasOtherPending) refusals.push(leaveRequestRefusals.pendingExists);
  const [first, ...rest] = refusals;
  if (first) return { ok: false, refusals: [first, ...rest] };
  return { ok: true, durationDays: leaveDuration(facts.startDate, facts.endDate) };
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
