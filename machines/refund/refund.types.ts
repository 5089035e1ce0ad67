// A refund's statuses, context and events, shared by its machine, rules and messages.

export const REFUND_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;

export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The fields of a refund the machine keeps. */
export interface RefundContext {
  readonly adminComment: string | null;
  /** The bank transfer reference given when marking it paid. */
  readonly utr: string | null;
}

/**
 * The owner's decisions, each with a non-blank admin comment, and the customer's change of where
 * the refund is to be paid (refund.update_payout, only while PENDING: docs/rules/refund.md, payouts).
 */
export type RefundEvent =
  | { readonly type: 'refund.approve'; readonly adminComment: string }
  | { readonly type: 'refund.reject'; readonly adminComment: string }
  | {
      readonly type: 'refund.mark_paid';
      readonly adminComment: string;
      readonly utr?: string | null;
    }
  | { readonly type: 'refund.update_payout' };

export type RefundEventType = RefundEvent['type'];

export type RefundStatusDisplay =
  'No refund requested' | 'Pending' | 'Approved' | 'Rejected' | 'Paid';
