// The delivery-stop lifecycle's data and plain functions: states, marks, reasons, the rider's buttons.
import type { DeliveryStopEvent } from './delivery-stop.machine';

/** A stop's states as stored (delivery_stops.state) and as the API sends them. */
export const DELIVERY_STOP_STATES = ['pending', 'delivered', 'not_delivered'] as const;

/** The marks a rider sends (delivery_marks.event). */
export const DELIVERY_MARK_EVENTS = [
  'delivered',
  'not_delivered',
  'box_returned',
  'cash_collected',
] as const;
export type DeliveryMarkEvent = (typeof DELIVERY_MARK_EVENTS)[number];

/** Why a stop was not delivered. */
export const NOT_DELIVERED_REASONS = ['not_home', 'refused', 'wrong_address'] as const;
export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

/** How many marks one request may carry (a phone's queue is sent in batches of this size). */
export const MAX_MARKS_PER_BATCH = 200;

/** The buttons of a stop (the rider's), in the order a screen shows them. */
export const deliveryStopActionProbes: readonly DeliveryStopEvent[] = [
  { type: 'stop.delivered' },
  { type: 'stop.not_delivered', reason: 'not_home' },
  { type: 'stop.box_returned' },
  { type: 'stop.cash_collected', amountPaise: 100 },
];

/** The machine's event for a mark as the API carries it (amount in rupees). */
export function deliveryStopEventOf(mark: {
  readonly event: DeliveryMarkEvent;
  readonly reason?: string | null;
  readonly amount?: number | null;
}): DeliveryStopEvent {
  switch (mark.event) {
    case 'delivered':
      return { type: 'stop.delivered' };
    case 'not_delivered':
      return {
        type: 'stop.not_delivered',
        reason: (NOT_DELIVERED_REASONS as readonly string[]).includes(mark.reason ?? '')
          ? (mark.reason as NotDeliveredReason)
          : null,
      };
    case 'box_returned':
      return { type: 'stop.box_returned' };
    case 'cash_collected':
      return {
        type: 'stop.cash_collected',
        amountPaise: mark.amount == null ? 0 : Math.round(mark.amount * 100),
      };
  }
}

/** The mark an event type stands for (the API's names of the machine's buttons). */
export const MARK_OF_EVENT: Readonly<Record<DeliveryStopEvent['type'], DeliveryMarkEvent>> = {
  'stop.delivered': 'delivered',
  'stop.not_delivered': 'not_delivered',
  'stop.box_returned': 'box_returned',
  'stop.cash_collected': 'cash_collected',
};
