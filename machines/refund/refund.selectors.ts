import type { SnapshotFrom } from 'xstate';
import type { RefundStatus } from './refund.context';
import { REFUND_STATUS_LABELS } from './refund.labels';
import type { RefundMachine } from './refund.machine';

type RefundSnapshot = SnapshotFrom<RefundMachine>;

/** Still waiting for an owner decision or payout. */
export const selectIsRefundOpen = (snapshot: RefundSnapshot) => snapshot.hasTag('open');

/** Approved and waiting for the transfer: the one state whose payout details are shown in full. */
export const selectIsPayable = (snapshot: RefundSnapshot) => snapshot.hasTag('payable');

/** The customer may still add or change where the refund is to be paid. */
export const selectCanChangePayout = (snapshot: RefundSnapshot) =>
  snapshot.can({ type: 'refund.update_payout' });

export type RefundStatusDisplay =
  'No refund requested' | 'Pending' | 'Approved' | 'Rejected' | 'Paid';

/** The refund as the subscription card shows it, null meaning none was requested. */
export function refundStatusDisplay(status: RefundStatus | null | undefined): RefundStatusDisplay {
  return status ? REFUND_STATUS_LABELS[status] : 'No refund requested';
}

/** The filter buttons of the admin refunds page, in order. */
export const REFUND_FILTERS = ['ALL', 'PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;
