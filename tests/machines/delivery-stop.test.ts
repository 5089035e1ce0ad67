import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  decide,
  deliveryStopEventOf,
  deliveryStopFromApi,
  deliveryStopMachine,
  type DeliveryStopState,
} from '@machines';

const stop = (state: DeliveryStopState) => deliveryStopFromApi({ state });

describe('the delivery-stop machine', () => {
  it('a pending stop is delivered, or not delivered with a reason', () => {
    expect(decide(deliveryStopMachine, stop('pending'), { type: 'stop.delivered' })).toMatchObject({
      ok: true,
      next: 'delivered',
      changed: true,
    });
    expect(
      decide(deliveryStopMachine, stop('pending'), {
        type: 'stop.not_delivered',
        reason: 'refused',
      }),
    ).toMatchObject({ ok: true, next: 'not_delivered' });
    expect(
      decide(deliveryStopMachine, stop('pending'), { type: 'stop.not_delivered', reason: null }),
    ).toMatchObject({ ok: false, code: 'delivery_stop.reason_required' });
  });

  it('a stop not delivered may still be delivered; a delivered one never becomes not delivered', () => {
    expect(
      decide(deliveryStopMachine, stop('not_delivered'), { type: 'stop.delivered' }),
    ).toMatchObject({ ok: true, next: 'delivered' });
    for (const event of [
      { type: 'stop.not_delivered', reason: 'not_home' },
      { type: 'stop.delivered' },
    ] as const) {
      expect(decide(deliveryStopMachine, stop('delivered'), event)).toMatchObject({
        ok: false,
        code: 'delivery_stop.already_delivered',
      });
    }
  });

  it('records boxes and cash on a delivered stop only, cash of at least ₹1', () => {
    expect(
      decide(deliveryStopMachine, stop('delivered'), { type: 'stop.box_returned' }),
    ).toMatchObject({ ok: true, next: 'delivered', changed: false });
    expect(
      decide(
        deliveryStopMachine,
        stop('delivered'),
        deliveryStopEventOf({ event: 'cash_collected', amount: 250.5 }),
      ),
    ).toMatchObject({ ok: true, next: 'delivered' });
    expect(
      decide(
        deliveryStopMachine,
        stop('delivered'),
        deliveryStopEventOf({ event: 'cash_collected' }),
      ),
    ).toMatchObject({ ok: false, code: 'delivery_stop.amount_required' });
    for (const state of ['pending', 'not_delivered'] as const) {
      expect(decide(deliveryStopMachine, stop(state), { type: 'stop.box_returned' })).toMatchObject(
        { ok: false, code: 'delivery_stop.not_delivered_yet' },
      );
      expect(
        decide(deliveryStopMachine, stop(state), { type: 'stop.cash_collected', amountPaise: 100 }),
      ).toMatchObject({ ok: false, code: 'delivery_stop.not_delivered_yet' });
    }
  });

  it('offers the rider the marks each state allows', () => {
    const offered = (state: DeliveryStopState) => allowedEvents(deliveryStopMachine, stop(state));
    expect(offered('pending')).toEqual(['stop.delivered', 'stop.not_delivered']);
    expect(offered('not_delivered')).toEqual(['stop.delivered', 'stop.not_delivered']);
    expect(offered('delivered')).toEqual(['stop.box_returned', 'stop.cash_collected']);
  });

  it('reads a mark as the API carries it', () => {
    expect(deliveryStopEventOf({ event: 'not_delivered', reason: 'wrong_address' })).toEqual({
      type: 'stop.not_delivered',
      reason: 'wrong_address',
    });
    expect(deliveryStopEventOf({ event: 'not_delivered', reason: 'elsewhere' })).toEqual({
      type: 'stop.not_delivered',
      reason: null,
    });
    expect(deliveryStopEventOf({ event: 'cash_collected', amount: 12.34 })).toEqual({
      type: 'stop.cash_collected',
      amountPaise: 1234,
    });
  });
});
