import { setup, type SnapshotFrom } from 'xstate';
import { lifecycleMeta, defineMachine } from '../shared/lifecycle';
import { orderRefusals } from './order.messages';
import { orderActionProbes } from './order.rules';
import type { OrderStatus, OrderContext, OrderEvent } from './order.types';

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
    meta: lifecycleMeta<OrderEvent, OrderStatus>({
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
