// Pure rules for creating and editing a leave, used by the server before it writes and by the web form.
import { MAX_LEAVE_DAYS } from '../shared/constants';
import {
  diffDays,
  inclusiveDays,
  isAfter,
  isBefore,
  type IsoDate,
  rangesOverlap,
} from '../shared/dates';
import type { Refusal } from '../shared/refusals';
import { leaveRequestRefusals } from './leave.messages';
import type { LeaveEvent } from './leave.machine';

/** Leave statuses as stored. */
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

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
): Pick<LeaveRequestFacts, 'hasOtherPending' | 'overlapsExisting'> {
  const others = leaves.filter(
    (leave) =>
      leave.id !== editedLeaveId && (leave.status === 'PENDING' || leave.status === 'APPROVED'),
  );
  return {
    hasOtherPending: others.some((leave) => leave.status === 'PENDING'),
    overlapsExisting: overlapsAnyLeave(
      dates,
      others.map((leave) => ({ startDate: leave.leave_start_date, endDate: leave.leave_end_date })),
    ),
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
