// Pure feedback rules shared by the server (create, upload) and the web form.
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_WARNING_LENGTH,
} from '../shared/constants';
import { isAfter, type IsoDate } from '../shared/dates';
import type { Refusal } from '../shared/refusals';
import { feedbackRequestRefusals } from './feedback.messages';
import type {
  FeedbackEvent,
  FeedbackPriority,
  FeedbackStatus,
  FeedbackType,
  MealType,
} from './feedback.types';

export const FEEDBACK_CUSTOMER_ACTIONS = [
  'feedback.update',
  'feedback.delete',
  'feedback.add_attachment',
  'feedback.remove_attachment',
] as const;
export const FEEDBACK_OWNER_ACTIONS = ['feedback.respond', 'feedback.set_status'] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const feedbackActionProbes: readonly FeedbackEvent[] = [
  { type: 'feedback.update' },
  { type: 'feedback.delete' },
  { type: 'feedback.add_attachment' },
  { type: 'feedback.remove_attachment' },
  { type: 'feedback.respond', response: 'ok' },
  { type: 'feedback.set_status', status: 'resolved', response: 'ok' },
];

/** Food complaint rated ≤ 2 → urgent; other food complaint → high; general rated ≤ 2 → medium; else low. */
export function computePriority(input: {
  readonly feedbackType: FeedbackType;
  readonly rating: number;
}): FeedbackPriority {
  const low = input.rating <= 2;
  if (input.feedbackType === 'food_complaint') return low ? 'urgent' : 'high';
  return low ? 'medium' : 'low';
}

/** Statuses that count as "open" for the one-open-feedback-per-user rule. */
export const OPEN_FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['open', 'in_progress'];

export function isOpenFeedbackStatus(status: string): boolean {
  return (OPEN_FEEDBACK_STATUSES as readonly string[]).includes(status);
}

/** A user may create feedback only when none of theirs is open or in progress. */
export function canCreateFeedback(openCount: number): boolean {
  return openCount === 0;
}

export interface FeedbackRequestFacts {
  readonly feedbackType: FeedbackType;
  readonly mealDate: IsoDate | null;
  readonly mealType: MealType | null;
  readonly today: IsoDate;
  /** The user's feedback with status open or in_progress. */
  readonly openCount: number;
}

export type FeedbackRequestVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly refusals: readonly [Refusal, ...Refusal[]] };

/** The business rules of creating feedback (lengths and ranges are left to the schema). */
export function validateFeedbackRequest(facts: FeedbackRequestFacts): FeedbackRequestVerdict {
  const refusals: Refusal[] = [];
  if (!canCreateFeedback(facts.openCount)) refusals.push(feedbackRequestRefusals.openExists);
  if (facts.feedbackType === 'food_complaint') {
    if (facts.mealDate === null || facts.mealType === null) {
      refusals.push(feedbackRequestRefusals.mealDetailsRequired);
    } else if (isAfter(facts.mealDate, facts.today)) {
      refusals.push(feedbackRequestRefusals.mealDateInFuture);
    }
  }
  const [first, ...rest] = refusals;
  return first ? { ok: false, refusals: [first, ...rest] } : { ok: true };
}

/**
 * Size and type of an attachment. `detectedMimeType` must come from the file's content (magic
 * bytes), never from its name or declared type.
 */
export function validateAttachment(input: {
  readonly sizeBytes: number;
  readonly detectedMimeType: string | null;
}): Refusal | null {
  if (input.sizeBytes >= ATTACHMENT_MAX_BYTES) return feedbackRequestRefusals.attachmentTooLarge;
  if (
    input.detectedMimeType === null ||
    !(ATTACHMENT_MIME_TYPES as readonly string[]).includes(input.detectedMimeType)
  ) {
    return feedbackRequestRefusals.attachmentNotImage;
  }
  return null;
}

/** The message counter's colour: amber from 450 characters, red at 500. */
export function messageCounterTone(length: number): 'normal' | 'warning' | 'limit' {
  if (length >= FEEDBACK_MESSAGE_MAX_LENGTH) return 'limit';
  if (length >= FEEDBACK_MESSAGE_WARNING_LENGTH) return 'warning';
  return 'normal';
}
