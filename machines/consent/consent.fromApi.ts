// The one mapping from a consent as the API shows it (or as stored, its newest grant) to the
// machine's state.
import type { Persisted } from '../shared/lifecycle';
import type { ConsentMachine } from './consent.machine';
import type { ConsentGrantMethod, ConsentStatus } from './consent.types';

export interface ConsentFacts {
  /** The newest grant's fields; all null when consent was never given. */
  readonly granted_at: string | null;
  readonly withdrawn_at: string | null;
  readonly method: ConsentGrantMethod | null;
  readonly recorded_by: string | null;
}

export function consentStatusOf(
  facts: Pick<ConsentFacts, 'granted_at' | 'withdrawn_at'>,
): ConsentStatus {
  if (facts.granted_at === null) return 'none';
  return facts.withdrawn_at === null ? 'granted' : 'withdrawn';
}

export function consentFromApi(facts: ConsentFacts): Persisted<ConsentMachine> {
  const status = consentStatusOf(facts);
  return {
    value: status,
    context: {
      method: status === 'granted' ? facts.method : null,
      recordedBy: status === 'granted' ? facts.recorded_by : null,
    },
  };
}
