// Every sentence the refund lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import type { RefusalTable } from '../shared/lifecycle';
import type { RefundEventType, RefundStateValue, RefundStatus } from './refund.machine';

export const refundRefusals = {
  events: {
    'refund.approve': {
      code: 'refund.not_pending',
      message: 'Only pending refunds can be approved.',
    },
    'refund.reject': {
      code: 'refund.not_pending',
      message: 'Only pending refunds can be rejected.',
    },
    'refund.mark_paid': {
      code: 'refund.not_approved',
      message: 'Only approved refunds can be marked as paid.',
    },
    'refund.update_payout': {
      code: 'refund.payout_locked',
      message: 'Payout details can be changed only while the refund is pending.',
    },
  },
  guards: {
    hasAdminComment: { code: 'refund.comment_required', message: 'Admin comment is required.' },
  },
} as const satisfies RefusalTable<RefundEventType, RefundStateValue>;

export type RefundRefusalCode =
  | (typeof refundRefusals)['events'][RefundEventType]['code']
  | (typeof refundRefusals)['guards'][keyof (typeof refundRefusals)['guards']]['code'];

// How screens name each refund status (web badges, the subscription card's status_display,
// `dabba` tables).

export const REFUND_STATUS_LABELS = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAID: 'Paid',
} as const satisfies Readonly<Record<RefundStatus, string>>;
