// One name per status for every screen: the lifecycles' label maps, looked up by the raw value
// the API sends. The web app's badges and `dabba`'s tables both read statusLabel().
import { FEEDBACK_STATUS_LABELS } from './feedback/feedback.labels';
import { LEAVE_STATUS_LABELS } from './leave/leave.labels';
import { USER_STATUS_LABELS } from './onboarding/onboarding.labels';
import { PAYMENT_STATUS_LABELS } from './payment/payment.labels';
import { REFUND_STATUS_LABELS } from './refund/refund.labels';
import { SUBSCRIPTION_STATUS_LABELS } from './subscription/subscription.labels';

/** The notification log's statuses (no lifecycle machine: a send is recorded, not decided). */
const NOTIFICATION_STATUS_LABELS: Readonly<Record<'sent' | 'failed' | 'pending', string>> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
};

// The maps agree where their values meet (PENDING is "Pending" for leaves, refunds and payments).
const LABELS: Readonly<Record<string, string>> = {
  ...NOTIFICATION_STATUS_LABELS,
  ...USER_STATUS_LABELS,
  ...PAYMENT_STATUS_LABELS,
  ...LEAVE_STATUS_LABELS,
  ...REFUND_STATUS_LABELS,
  ...FEEDBACK_STATUS_LABELS,
  ...SUBSCRIPTION_STATUS_LABELS,
};

/**
 * The label of any status the API sends ("Pending Payment", "In Progress"); a value no lifecycle
 * knows ("No subscription") is capitalised word by word at underscores.
 */
export function statusLabel(status: string): string {
  return (
    LABELS[status] ??
    status
      .toLowerCase()
      .split('_')
      .map((word) => (word[0]?.toUpperCase() ?? '') + word.slice(1))
      .join(' ')
  );
}
