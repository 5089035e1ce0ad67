// Every sentence the refund lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import { refusal } from '../shared/refusals';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import type { RefundEvent, RefundStatus } from './refund.types';

export const refundRefusals = {
  events: {
    'refund.approve': refusal('refund.not_pending'),
    'refund.reject': refusal('refund.not_pending:reject'),
    'refund.mark_paid': refusal('refund.not_approved'),
    'refund.update_payout': refusal('refund.payout_locked'),
  },
  guards: {
    hasAdminComment: refusal('refund.comment_required'),
  },
} as const satisfies RefusalTable<RefundEvent, RefundStatus>;

export type RefundRefusalCode = RefusalCodeOf<typeof refundRefusals>;

// How screens name each refund status (web badges, the subscription card's status_display,
// `dabba` tables).

export const REFUND_STATUS_LABELS = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAID: 'Paid',
} as const satisfies Readonly<Record<RefundStatus, string>>;
