// The order lifecycle's data and plain functions: statuses, actions and the checks the machine and the hosts share.
import type { OrderEvent } from './order.machine';

/**
 * A checkout order's statuses as stored (payment_orders.status) and as the API sends them. An order
 * is what the provider's checkout pays; the payment it produces has a lifecycle of its own
 * (machines/payment's payment status machine).
 */
export const ORDER_STATUSES = ['created', 'paid', 'failed', 'expired'] as const;

/** An order has no buttons; every event comes from the server. */
export const orderActionProbes: readonly OrderEvent[] = [];
