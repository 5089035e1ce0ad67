export const REFUND_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundStateValue = RefundStatus;

/** The fields of a refund the machine keeps. */
export interface RefundContext {
  readonly adminComment: string | null;
  /** The bank transfer reference given when marking it paid. */
  readonly utr: string | null;
}
