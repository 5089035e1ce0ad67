import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { deliveryStopRefusals } from './delivery-stop.messages';
import { deliveryStopActionProbes } from './delivery-stop.rules';
import type { DeliveryStopState, DeliveryStopEvent } from './delivery-stop.types';

// One stop of a route's run sheet (a customer, a date, a meal). It starts pending and ends
// delivered or not delivered; a stop not delivered may still be delivered later in the same run
// (the rider came back), but a delivered stop is never turned into not delivered. Boxes returned
// and cash collected are recorded on a delivered stop and leave its state as it is.
export const deliveryStopMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as Record<string, never>,
      events: {} as DeliveryStopEvent,
      tags: {} as 'open' | 'done',
    },
    guards: {
      hasReason: ({ event }) => event.type === 'stop.not_delivered' && event.reason !== null,
      hasAmount: ({ event }) =>
        event.type === 'stop.cash_collected' &&
        Number.isInteger(event.amountPaise) &&
        event.amountPaise >= 100,
    },
  }).createMachine({
    id: 'delivery_stop',
    initial: 'pending',
    context: {},
    meta: lifecycleMeta<DeliveryStopEvent, DeliveryStopState>({
      refusals: deliveryStopRefusals,
      actions: deliveryStopActionProbes,
    }),
    states: {
      pending: {
        tags: ['open'],
        on: {
          'stop.delivered': { target: 'delivered' },
          'stop.not_delivered': { target: 'not_delivered', guard: 'hasReason' },
        },
      },
      not_delivered: {
        tags: ['open'],
        on: {
          'stop.delivered': { target: 'delivered' },
          // Tried again and still not delivered: the newer reason stands.
          'stop.not_delivered': { target: 'not_delivered', guard: 'hasReason' },
        },
      },
      delivered: {
        tags: ['done'],
        on: {
          'stop.box_returned': { target: 'delivered' },
          'stop.cash_collected': { target: 'delivered', guard: 'hasAmount' },
        },
      },
    },
  }),
);

export type DeliveryStopMachine = typeof deliveryStopMachine;

/** The rider still has something to do at this stop. */
export const selectIsDeliveryStopOpen = (snapshot: SnapshotFrom<DeliveryStopMachine>) =>
  snapshot.hasTag('open');
