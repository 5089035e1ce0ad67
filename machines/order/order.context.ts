/**
 * A checkout order's statuses as stored (payment_orders.status) and as the API sends them. An order
 * is what the provider's checkout pays; the payment it produces has a lifecycle of its own
 * (machines/payment's payment status machine).
 */
export const ORDER_STATUSES = ['created', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderStateValue = OrderStatus;

/** An order's status is all its lifecycle decides on: the machine keeps no other field. */
export type OrderContext = Readonly<Record<string, never>>;
