// How screens name each subscription status (web badges, `dabba` tables). No imports but types,
// so any bundle can carry it.
import type { SubscriptionStatus } from './subscription.context';

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  PENDING_PAYMENT: 'Pending Payment',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};
