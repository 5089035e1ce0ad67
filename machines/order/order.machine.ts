import { setup, type SnapshotFrom } from 'xstate';
import { lifecycleMeta, defineMachine } from '../shared/lifecycle';
import { orderRefusals } from './order.messages';
import type { ORDER_STATUSES } from './order.rules';
import { orderActionProbes } from './order.rules';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderStateValue = OrderStatus;

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

export type OrderEventType = OrderEvent['type'];

// A checkout order: created → paid | expired. An order is paid at most once; an expired one still
// takes a late payment, because the provider may capture money after the order was closed here
// and that money must activate what it paid for. `failed` is a status the contract and older data
// know but the server never writes: such an order takes a late payment like an expired one.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const orderMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as OrderContext,
      events: {} as OrderEvent,
      input: {} as OrderContext,
      tags: {} as 'open' | 'closed' | 'settled',
    },
  }).createMachine({
    id: 'order',
    initial: 'created',
    context: ({ input }) => input,
    meta: lifecycleMeta<OrderEvent, OrderStateValue>({
      refusals: orderRefusals,
      actions: orderActionProbes,
    }),
    states: {
      // The one open order of a subscription (a partial unique index holds it to one).
      created: {
        tags: ['open'],
        on: {
          'order.pay': { target: 'paid' },
          'order.expire': { target: 'expired' },
        },
      },
      expired: { tags: ['closed'], on: { 'order.pay': { target: 'paid' } } },
      failed: { tags: ['closed'], on: { 'order.pay': { target: 'paid' } } },
      paid: { type: 'final', tags: ['settled'] },
    },
  }),
);

export type OrderMachine = typeof orderMachine;

type OrderSnapshot = SnapshotFrom<OrderMachine>;

/** The customer can still pay this order at the checkout. */
export const selectIsOrderOpen = (snapshot: OrderSnapshot) => snapshot.hasTag('open');
