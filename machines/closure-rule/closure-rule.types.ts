// A closure rule's statuses, context and event, shared by its machine, rules and messages.

/** A rule's statuses as stored (closure_rules.status) and as the API sends them. */
export const CLOSURE_RULE_STATUSES = ['ACTIVE', 'WITHDRAWN'] as const;

export type ClosureRuleStatus = (typeof CLOSURE_RULE_STATUSES)[number];

/** A rule is withdrawn whatever its dates: the machine decides on its status alone. */
export type ClosureRuleContext = Readonly<Record<never, never>>;

export type ClosureRuleEvent =
  /** The owner stops the rule: its dates still ahead of their cutoff open again. */
  { readonly type: 'closure_rule.withdraw' };
