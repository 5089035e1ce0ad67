import type { SnapshotFrom } from 'xstate';
import type { RefundStatus } from './refund.context';
import type { RefundMachine } from './refund.machine';

type RefundSnapshot = SnapshotFrom<RefundMachine>;

export const selectRefundState = (snapshot: RefundSnapshot) => snapshot.value;
/** Still waiting for an owner decision or payout. */
export const selectIsRefundOpen = (snapshot: RefundSnapshot) => snapshot.hasTag('open');

export type RefundStatusDisplay =
  'No refund requested' | 'Pending' | 'Approved' | 'Rejected' | 'Paid';

const REFUND_STATUS_DISPLAY: Readonly<Record<RefundStatus, RefundStatusDisplay>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PAID: 'Paid',
};

/** The refund as the subscription card shows it (spec §4), null meaning none was requested. */
export function refundStatusDisplay(status: RefundStatus | null | undefined): RefundStatusDisplay {
  return status ? REFUND_STATUS_DISPLAY[status] : 'No refund requested';
}

/** The filter buttons of the admin refunds page, in order. */
export const REFUND_FILTERS = ['ALL', 'PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;
