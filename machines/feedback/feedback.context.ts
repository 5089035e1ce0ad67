export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The machine's states: the stored statuses plus deleted, which tells the server to delete the row. */
export type FeedbackStateValue = FeedbackStatus | 'deleted';

export const FEEDBACK_TYPES = ['general_feedback', 'food_complaint'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** The fields of a feedback the guards read. */
export interface FeedbackContext {
  /** An admin response has been written. */
  readonly hasResponse: boolean;
  /** The stored flag; only `false` disables attachments (null or true allow them). */
  readonly canAddAttachments: boolean | null;
  readonly attachmentCount: number;
}
