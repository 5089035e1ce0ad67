// A rider's phone keeps its marks in an outbox until the server has answered each one
// (docs/rules/delivery-stop.md). What to send, what an answer does to the outbox, how a stop looks
// with its unsent marks (through the stop's machine), and which meal a run sheet opens on. Pure: the web
// page stores the outbox and sends it.
import type { components } from '../../generated/api';
import { decide } from '../shared/lifecycle';
import type { Refusal } from '../shared/refusals';
import { servingMealAt } from '../settings/settings.rules';
import { deliveryStopFromApi } from './delivery-stop.fromApi';
import { deliveryStopMachine } from './delivery-stop.machine';
import { deliveryStopEventOf, markTimingRefusal, MAX_MARKS_PER_BATCH } from './delivery-stop.rules';
import type {
  DeliveryMarkEvent,
  NotDeliveredReason,
  DeliveryStopState,
} from './delivery-stop.types';

type Meal = components['schemas']['Meal'];

/** A mark as the phone made it and the API takes it (`id` a UUID made on the phone). */
export interface OutboxMark {
  readonly id: string;
  readonly route: number;
  readonly date: string;
  readonly meal: Meal;
  readonly customer: number;
  readonly event: DeliveryMarkEvent;
  readonly reason?: NotDeliveredReason;
  /** Rupees, for cash_collected. */
  readonly amount?: number;
  readonly marked_at: string;
}

/** The server's answer to one mark. */
export interface OutboxAnswer {
  readonly id: string;
  readonly status: 'applied' | 'duplicate' | 'refused';
  readonly error_code?: string;
  readonly detail?: string;
}

/** A mark the server refused: shown on its stop, never dropped silently. */
export interface RefusedMark {
  readonly mark: OutboxMark;
  readonly errorCode: string;
  readonly detail: string;
}

/**
 * A new mark the phone's own clock already shows the server would refuse (a day to come, or one
 * past the window: markTimingRefusal), refused on the phone with the server's code and sentence
 * instead of being queued; null for a mark to queue.
 */
export function untimelyMark(
  mark: OutboxMark,
  clock: { readonly nowMs: number; readonly timeZone: string },
  /** The refusal as the rider reads it (the catalogue's sentence in the app's language). */
  sentence: (refused: Refusal) => string,
): RefusedMark | null {
  const refused = markTimingRefusal(mark, clock);
  if (!refused) return null;
  return {
    mark,
    errorCode: refused.code,
    detail: sentence(refused),
  };
}

/** The marks to send now: the oldest, at most one batch's worth. */
export function outboxBatch(outbox: readonly OutboxMark[]): OutboxMark[] {
  return outbox.slice(0, MAX_MARKS_PER_BATCH);
}

/**
 * What the server's answers do: a mark answered (applied, duplicate or refused) leaves the outbox;
 * a mark without an answer (the request failed, or the answer left it out) stays to be sent again.
 * The refused ones come back with their sentence for the screen.
 */
export function settleOutbox(
  outbox: readonly OutboxMark[],
  answers: readonly OutboxAnswer[],
): { outbox: OutboxMark[]; refused: RefusedMark[] } {
  const answered = new Map(answers.map((answer) => [answer.id, answer]));
  const refused: RefusedMark[] = [];
  const remaining: OutboxMark[] = [];
  for (const mark of outbox) {
    const answer = answered.get(mark.id);
    if (!answer) remaining.push(mark);
    else if (answer.status === 'refused') {
      refused.push({
        mark,
        errorCode: answer.error_code ?? 'bad_request',
        detail: answer.detail ?? answer.error_code ?? '',
      });
    }
  }
  return { outbox: remaining, refused };
}

/** A stop as the run sheet shows it (the fields marks change). */
export interface StopFacts {
  readonly state: DeliveryStopState;
  readonly reason: NotDeliveredReason | null;
  readonly boxes_returned: number;
  readonly cash_collected: number;
}

/**
 * The stop with the phone's unsent marks on it, each through the stop's machine in the order made
 * (a mark the machine refuses changes nothing here; the server will refuse it too).
 */
export function stopWithMarks<T extends StopFacts>(stop: T, marks: readonly OutboxMark[]): T {
  let current: T = stop;
  for (const mark of marks) {
    const decision = decide(
      deliveryStopMachine,
      deliveryStopFromApi(current),
      deliveryStopEventOf(mark),
    );
    if (!decision.ok) continue;
    current = {
      ...current,
      state: decision.next,
      reason: mark.event === 'not_delivered' ? (mark.reason ?? null) : current.reason,
      boxes_returned: current.boxes_returned + (mark.event === 'box_returned' ? 1 : 0),
      cash_collected:
        current.cash_collected + (mark.event === 'cash_collected' ? (mark.amount ?? 0) : 0),
    };
    if (mark.event === 'delivered') current = { ...current, reason: null };
  }
  return current;
}

/**
 * The meal a rider's run sheet opens on at `hour` (0-23, the business's clock): the meal still going
 * out (machines/settings MEAL_HOURS: breakfast until 10:00, lunch until 16:00, then dinner).
 */
export const nextMealAt = (hour: number): Meal =>
  servingMealAt(`${String(hour).padStart(2, '0')}:00`);
