// Every sentence the closure-rule lifecycle refuses with (machines/shared/refusals.ts).
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type { ClosureRuleEvent, ClosureRuleStatus } from './closure-rule.types';

export const closureRuleRefusals = {
  states: { WITHDRAWN: refusal('closure_rule.already_withdrawn') },
  events: { 'closure_rule.withdraw': refusal('closure_rule.already_withdrawn') },
  guards: {},
} as const satisfies RefusalTable<ClosureRuleEvent, ClosureRuleStatus>;
