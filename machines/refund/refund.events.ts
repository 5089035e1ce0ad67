/** Every refund event is an owner action and needs a non-blank admin comment. */
export type RefundEvent =
  | { readonly type: 'refund.approve'; readonly adminComment: string }
  | { readonly type: 'refund.reject'; readonly adminComment: string }
  | {
      readonly type: 'refund.mark_paid';
      readonly adminComment: string;
      readonly utr?: string | null;
    };

export type RefundEventType = RefundEvent['type'];

export const REFUND_OWNER_ACTIONS = [
  'refund.approve',
  'refund.reject',
  'refund.mark_paid',
] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const refundActionProbes: readonly RefundEvent[] = [
  { type: 'refund.approve', adminComment: 'ok' },
  { type: 'refund.reject', adminComment: 'ok' },
  { type: 'refund.mark_paid', adminComment: 'ok' },
];
