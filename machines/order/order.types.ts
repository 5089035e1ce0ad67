// A checkout order's statuses, context and events, shared by its machine, rules and messages.

/**
 * A checkout order's statuses as stored (payment_orders.status) and as the API sends them. An order
 * is what the provider's checkout pays; the payment it produces has a lifecycle of its own
 * (machines/payment's payment status machine).
 */
export const ORDER_STATUSES = ['created', 'paid', 'failed', 'expired'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's status is all its lifecycle decides on: the machine keeps no other field. */
export type OrderContext = Readonly<Record<string, never>>;

/** Events of a checkout order, all sent by the server; the customer acts on the payment instead. */
export type OrderEvent =
  /**
   * The provider took the money for this order (verify_payment's signature or the webhook's
   * capture, whichever comes first); the order is settled once.
   */
  | { readonly type: 'order.pay' }
  /**
   * Nobody will pay this order: a day passed, the subscription stopped awaiting payment, the
   * configured provider changed, or the owner recorded the money as received at the mess.
   */
  | { readonly type: 'order.expire' };
