// The one mapping from a closed day as the API shows it (or as stored) to the machine's state, at
// the moment `now` (an ISO instant) the question is asked.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { ClosedDayMachine } from './closed-day.machine';

export type ClosedDayFacts = Pick<components['schemas']['ClosedDay'], 'status' | 'locks_at'>;

export function closedDayFromApi(record: ClosedDayFacts, now: string): Persisted<ClosedDayMachine> {
  return { value: record.status, context: { locksAt: record.locks_at, now } };
}
