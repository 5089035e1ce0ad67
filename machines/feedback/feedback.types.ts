// Feedback's statuses, kinds and priorities, its context and events: what its other files share.

export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const FEEDBACK_TYPES = ['general_feedback', 'food_complaint'] as const;

export const FEEDBACK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner'] as const;

export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The machine's states: the stored statuses plus deleted, which tells the server to delete the row. */
export type FeedbackStateValue = FeedbackStatus | 'deleted';

export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];

export type MealType = (typeof MEAL_TYPES)[number];

/** The fields of a feedback the guards read. */
export interface FeedbackContext {
  /** An admin response has been written. */
  readonly hasResponse: boolean;
  /** The stored flag; only `false` disables attachments (null or true allow them). */
  readonly canAddAttachments: boolean | null;
  readonly attachmentCount: number;
}

export type FeedbackEvent =
  /** Customer edits subject, message or rating while the feedback is open. */
  | { readonly type: 'feedback.update' }
  /** Customer deletes open feedback. */
  | { readonly type: 'feedback.delete' }
  /** Customer adds the one image attachment. */
  | { readonly type: 'feedback.add_attachment' }
  | { readonly type: 'feedback.remove_attachment' }
  /** Owner writes (or rewrites) the response; open feedback becomes in_progress. */
  | { readonly type: 'feedback.respond'; readonly response: string }
  /**
   * Owner marks it resolved or closed. Open feedback needs a response first, or one given here.
   * `status` is typed, but the server may pass what the client sent; anything else is refused.
   */
  | {
      readonly type: 'feedback.set_status';
      readonly status: 'resolved' | 'closed';
      readonly response?: string | null;
    };
