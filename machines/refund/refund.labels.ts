// How screens name each refund status (web badges, the subscription card's status_display,
// `dabba` tables).
import type { RefundStatus } from './refund.context';

export const REFUND_STATUS_LABELS = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAID: 'Paid',
} as const satisfies Readonly<Record<RefundStatus, string>>;
