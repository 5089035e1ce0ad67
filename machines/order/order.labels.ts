// How screens name each order status (web badges, `dabba` tables).
import type { OrderStatus } from './order.context';

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Created',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
};
