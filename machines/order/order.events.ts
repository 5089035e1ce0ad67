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

export type OrderEventType = OrderEvent['type'];

/** An order has no buttons; every event comes from the server. */
export const orderActionProbes: readonly OrderEvent[] = [];
