// A closed day's statuses, context and event, shared by its machine, rules and messages.
import type { DeadlineContext } from '../shared/dates';

/** A closure's statuses as stored (closed_days.status) and as the API sends them. */
export const CLOSED_DAY_STATUSES = ['SCHEDULED', 'REMOVED'] as const;

export type ClosedDayStatus = (typeof CLOSED_DAY_STATUSES)[number];

/**
 * What the machine decides on: when the closure locks (the first cutoff of a meal it closes: from
 * then on the kitchen's count stands) and the moment it is asked.
 */
export type ClosedDayContext = DeadlineContext<'locksAt'>;

export type ClosedDayEvent =
  /** The owner opens the kitchen again that day (or meal). */
  { readonly type: 'closed_day.remove' };
