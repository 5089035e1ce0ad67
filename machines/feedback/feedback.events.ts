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

export type FeedbackEventType = FeedbackEvent['type'];

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
