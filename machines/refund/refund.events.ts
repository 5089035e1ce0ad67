/**
 * The owner's decisions, each with a non-blank admin comment, and the customer's change of where
 * the refund is to be paid (refund.update_payout, only while PENDING: README, Refund payouts).
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

export const REFUND_OWNER_ACTIONS = [
  'refund.approve',
  'refund.reject',
  'refund.mark_paid',
] as const;

/**
 * Well-formed examples of the owner's actions, in display order, for allowedEvents() (the owner's
 * buttons); the customer's refund.update_payout is asked with selectCanChangePayout.
 */
export const refundActionProbes: readonly RefundEvent[] = [
  { type: 'refund.approve', adminComment: 'ok' },
  { type: 'refund.reject', adminComment: 'ok' },
  { type: 'refund.mark_paid', adminComment: 'ok' },
];
