// One name per status for every screen: the lifecycles' label maps, looked up by the raw value
// the API sends. The web app's badges and `dabba`'s tables both read statusLabel().
import { DUES_STATUS_LABELS } from './dues';
import { labelsOf } from './shared/labels';
import { FEEDBACK_STATUS_LABELS } from './feedback';
import { LEAVE_STATUS_LABELS } from './leave';
import { USER_STATUS_LABELS } from './onboarding';
import { ORDER_STATUS_LABELS } from './order';
import { PAYMENT_STATUS_LABELS } from './payment';
import { REFUND_STATUS_LABELS } from './refund';
import { SUBSCRIPTION_STATUS_LABELS } from './subscription';

/** The notification log's statuses (no lifecycle machine: a send is recorded, not decided). */
const NOTIFICATION_STATUS_LABELS = labelsOf(['sent', 'failed', 'pending']);

// The maps agree where their values meet (PENDING is "Pending" for leaves, refunds and payments;
// failed is "Failed" for orders and notifications).
const LABELS: Readonly<Record<string, string>> = {
  ...NOTIFICATION_STATUS_LABELS,
  ...ORDER_STATUS_LABELS,
  ...USER_STATUS_LABELS,
  ...PAYMENT_STATUS_LABELS,
  ...LEAVE_STATUS_LABELS,
  ...REFUND_STATUS_LABELS,
  ...FEEDBACK_STATUS_LABELS,
  ...SUBSCRIPTION_STATUS_LABELS,
};

/** Each lifecycle's own map, for a screen that knows which lifecycle a status belongs to. */
const LIFECYCLE_LABELS = {
  subscription: SUBSCRIPTION_STATUS_LABELS,
  payment: PAYMENT_STATUS_LABELS,
  order: ORDER_STATUS_LABELS,
  leave: LEAVE_STATUS_LABELS,
  refund: REFUND_STATUS_LABELS,
  feedback: FEEDBACK_STATUS_LABELS,
  account: USER_STATUS_LABELS,
  notification: NOTIFICATION_STATUS_LABELS,
  dues: DUES_STATUS_LABELS,
} as const;

export type Lifecycle = keyof typeof LIFECYCLE_LABELS;

/**
 * A status of one lifecycle by that lifecycle's map ("PENDING_PAYMENT" of a subscription is
 * "Pending Payment"); a value the map does not know reads as statusLabel() reads it.
 */
export function lifecycleLabel(lifecycle: Lifecycle, status: string): string {
  return (
    (LIFECYCLE_LABELS[lifecycle] as Readonly<Record<string, string>>)[status] ?? statusLabel(status)
  );
}

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
