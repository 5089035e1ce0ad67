// The one mapping from a counter QR as the API shows it (or as stored) to the machine's state, at
// the moment `now` (an ISO instant) the question is asked.
import type { Persisted } from '../shared/lifecycle';
import type { CounterQrMachine } from './counter-qr.machine';
import type { CounterQrStatus } from './counter-qr.types';

export interface CounterQrFacts {
  readonly status: CounterQrStatus;
  readonly close_by: string;
}

export function counterQrFromApi(record: CounterQrFacts, now: string): Persisted<CounterQrMachine> {
  return { value: record.status, context: { closeBy: record.close_by, now } };
}

/**
 * The status a screen shows: a QR still `created` past its close_by is expired, though the store
 * writes so only when the provider says it closed.
 */
export function counterQrShownStatus(record: CounterQrFacts, now: string): CounterQrStatus {
  return record.status === 'created' && Date.parse(now) >= Date.parse(record.close_by)
    ? 'expired'
    : record.status;
}
