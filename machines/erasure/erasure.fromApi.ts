// The one mapping from an erasure request as stored or served to the machine's state.
import type { Persisted } from '../shared/lifecycle';
import type { ErasureMachine, ErasureStatus } from './erasure.machine';

export interface ErasureFacts {
  readonly status: ErasureStatus;
  readonly balance_paise: number;
  readonly open_refunds: number;
}

export function erasureFromApi(facts: ErasureFacts): Persisted<ErasureMachine> {
  return {
    value: facts.status,
    context: { balancePaise: facts.balance_paise, openRefunds: facts.open_refunds },
  };
}
