// The feedback rules' sentences the customer's screens show (machines/feedback/feedback.messages.ts)
// as messages: the same English, in the current language. tests/web/messages-customer-care.test.ts
// keeps the English equal to the machine's.
import type { MessageId } from '@web/i18n/i18n';

export const FEEDBACK_REFUSAL_MESSAGES = {
  /** feedbackRequestRefusals.openExists */
  openExists: 'feedback.refusal.openExists',
  /** feedbackRequestRefusals.attachmentTooLarge */
  attachmentTooLarge: 'feedback.refusal.attachmentTooLarge',
  /** feedbackRefusals.events['feedback.add_attachment'] */
  addAttachmentNotOpen: 'feedback.refusal.addAttachmentNotOpen',
} as const satisfies Record<string, MessageId>;
