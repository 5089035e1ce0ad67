// The checkout order's lifecycle (machines/order): what the payment store asks before every write
// of payment_orders.status, read the way the store reads it.
import { describe, expect, it } from 'vitest';
import {
  decide,
  ORDER_STATUSES,
  orderFromApi,
  orderMachine,
  type OrderStatus,
  restore,
  selectIsOrderOpen,
} from '@machines';
import { getInitialSnapshot } from 'xstate';

const statusesAllowing = (type: 'order.pay' | 'order.expire') =>
  ORDER_STATUSES.filter((status) => decide(orderMachine, orderFromApi({ status }), { type }).ok);

describe('order machine', () => {
  it('opens every new order as created, the one open status', () => {
    expect(getInitialSnapshot(orderMachine, {}).value).toBe('created');
    const open = ORDER_STATUSES.filter((status) =>
      selectIsOrderOpen(restore(orderMachine, orderFromApi({ status }))),
    );
    // migration 001's partial unique index (one open order per subscription) names this status.
    expect(open).toEqual(['created']);
  });

  it('lets a payment settle any order not yet paid: the store claims it from exactly these', () => {
    expect(statusesAllowing('order.pay')).toEqual(['created', 'failed', 'expired']);
    for (const status of statusesAllowing('order.pay')) {
      const decision = decide(orderMachine, orderFromApi({ status }), { type: 'order.pay' });
      expect(decision.ok && decision.next).toBe('paid');
    }
  });

  it('expires only an open order', () => {
    expect(statusesAllowing('order.expire')).toEqual(['created']);
  });

  it('refuses to pay an order twice, with the reason', () => {
    expect(decide(orderMachine, orderFromApi({ status: 'paid' }), { type: 'order.pay' })).toEqual({
      ok: false,
      code: 'order.already_paid',
      key: 'order.already_paid',
      message: 'This order has already been paid.',
    });
  });

  it('maps every status the API sends to a state of the machine', () => {
    for (const status of ORDER_STATUSES satisfies readonly OrderStatus[]) {
      expect(restore(orderMachine, orderFromApi({ status })).value).toBe(status);
    }
  });
});
