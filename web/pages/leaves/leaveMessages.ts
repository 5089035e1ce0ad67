// The leave rules' refusals (machines/leave/leave.messages.ts) as messages: the same English, in the
// current language. tests/web/messages-customer-care.test.ts keeps the English equal to the machine's.
import { leaveRequestRefusals } from '@machines/leave';
import { MAX_LEAVE_DAYS, type Refusal } from '@machines/shared';
import { t, type MessageId } from '@web/i18n/i18n';

type LeaveRequestRefusal = Exclude<
  keyof typeof leaveRequestRefusals,
  // The owner's approval, never refused on the customer's form.
  'approveSubscriptionNotActive'
>;

export const LEAVE_REFUSAL_MESSAGES = {
  subscriptionNotActive: 'leaves.refusal.subscriptionNotActive',
  pastDates: 'leaves.refusal.pastDates',
  endBeforeStart: 'leaves.refusal.endBeforeStart',
  startsAfterSubscriptionEnd: 'leaves.refusal.startsAfterSubscriptionEnd',
  tooLong: 'leaves.refusal.tooLong',
  overlaps: 'leaves.refusal.overlaps',
  pendingExists: 'leaves.refusal.pendingExists',
} as const satisfies Record<LeaveRequestRefusal, MessageId>;

/** A refusal of validateLeaveRequest in the current language (any other as the machine wrote it). */
export function leaveRefusalText(refusal: Refusal): string {
  const name = (Object.keys(LEAVE_REFUSAL_MESSAGES) as LeaveRequestRefusal[]).find(
    (key) => leaveRequestRefusals[key].message === refusal.message,
  );
  return name ? t(LEAVE_REFUSAL_MESSAGES[name], { count: MAX_LEAVE_DAYS }) : refusal.message;
}
