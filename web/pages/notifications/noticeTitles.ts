// The notices' titles in the current language, by notification type. The server writes a title in
// the recipient's language of the day it sends it; here it reads in today's. Each English message
// is the server's subject word for word (tests/web/messages-customer-care.test.ts). A type whose
// subject names someone (welcome, the owner's new leave request) or that has two subjects
// (password_changed) keeps the title it was sent with.
import type { NotificationEvent } from '@web/api/queries';
import type { MessageId, Translate } from '@web/i18n/i18n';

export const NOTICE_TITLES: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['otp', 'notifications.type.otp'],
  ['profile_completed', 'notifications.type.profile_completed'],
  ['password_reset', 'notifications.type.password_reset'],
  ['subscription_created', 'notifications.type.subscription_created'],
  ['subscription_expired', 'notifications.type.subscription_expired'],
  ['subscription_expiring', 'notifications.type.subscription_expiring'],
  ['dues_reminder', 'notifications.type.dues_reminder'],
  ['subscription_adjusted', 'notifications.type.subscription_adjusted'],
  ['subscription_cancelled', 'notifications.type.subscription_cancelled'],
  ['refund_approved', 'notifications.type.refund_approved'],
  ['refund_rejected', 'notifications.type.refund_rejected'],
  ['refund_paid', 'notifications.type.refund_paid'],
  ['leave_submitted', 'notifications.type.leave_submitted'],
  ['leave_approved', 'notifications.type.leave_approved'],
  ['leave_rejected', 'notifications.type.leave_rejected'],
  ['payment_success', 'notifications.type.payment_success'],
  ['payment_failed', 'notifications.type.payment_failed'],
  ['feedback_answered', 'notifications.type.feedback_answered'],
  ['dues_hold', 'notifications.type.dues_hold'],
]);

/** The title of a notice: its type's in the current language, else the one it was sent with. */
export function noticeTitle(t: Translate, notice: NotificationEvent): string {
  const id = NOTICE_TITLES.get(notice.notification_type);
  return id ? t(id) : notice.title;
}
