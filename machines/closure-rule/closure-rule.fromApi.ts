// The one mapping from a closure rule as the API shows it (or as stored) to the machine's state.
import type { Persisted } from '../shared/lifecycle';
import type { ClosureRuleMachine } from './closure-rule.machine';
import type { ClosureRuleStatus } from './closure-rule.types';

export interface ClosureRuleFacts {
  readonly status: ClosureRuleStatus;
}

export function closureRuleFromApi(rule: ClosureRuleFacts): Persisted<ClosureRuleMachine> {
  return { value: rule.status, context: {} };
}
