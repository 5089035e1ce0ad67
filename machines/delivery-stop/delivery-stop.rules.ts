// The delivery-stop lifecycle's plain functions: the rider's buttons, a mark's event, and the days
// and times a mark may carry.
import { diffDays, todayIn, type IsoDate } from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import {
  type DeliveryMarkEvent,
  NOT_DELIVERED_REASONS,
  type NotDeliveredReason,
  type DeliveryStopEvent,
} from './delivery-stop.types';

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

/**
 * How many business dates before today a mark may be for: a phone that was offline (no signal on
 * the route, a long weekend) sends yesterday's marks late, but a run sheet is not reopened weeks on.
 */
export const MARK_DAYS_BACK = 3;

/** How far ahead of the server's clock a phone's clock may run, in minutes. */
export const MARK_CLOCK_SKEW_MINUTES = 5;

/**
 * Why a mark's date or time cannot be taken, or null. A mark is for today's business date or one
 * of the MARK_DAYS_BACK before it (never a day to come); it was made (marked_at, the phone's
 * clock) no later than MARK_CLOCK_SKEW_MINUTES after `nowMs` and not before its date began in the
 * business's time zone. The server asks this of every mark with its own clock; the rider's phone
 * asks it before queuing one, so both give the same reason.
 */
export function markTimingRefusal(
  mark: { readonly date: IsoDate; readonly marked_at: string },
  clock: { readonly nowMs: number; readonly timeZone: string },
): Refusal | null {
  const today = todayIn(clock.timeZone, clock.nowMs);
  const daysBack = diffDays(today, mark.date);
  if (daysBack < 0 || daysBack > MARK_DAYS_BACK) {
    return refusal('delivery_stop.date_outside_window', { days: MARK_DAYS_BACK, day: mark.date });
  }
  const markedMs = Date.parse(mark.marked_at);
  if (!(markedMs <= clock.nowMs + MARK_CLOCK_SKEW_MINUTES * 60_000)) {
    return refusal('delivery_stop.marked_at_ahead', { minutes: MARK_CLOCK_SKEW_MINUTES });
  }
  if (diffDays(todayIn(clock.timeZone, markedMs), mark.date) < 0) {
    return refusal('delivery_stop.marked_before_day', { day: mark.date });
  }
  return null;
}
