import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { closureRuleRefusals } from './closure-rule.messages';
import { closureRuleActionProbes } from './closure-rule.rules';
import type { ClosureRuleContext, ClosureRuleEvent, ClosureRuleStatus } from './closure-rule.types';

// "Every Sunday dinner": a closure the kitchen repeats each week. ACTIVE while it closes its dates
// as they come into reach (each one a closed day of its own, machines/closed-day), until the owner
// withdraws it. WITHDRAWN is for good: its dates still ahead of their cutoff open again, those past
// it stand, and it closes no more.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const closureRuleMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ClosureRuleContext,
      events: {} as ClosureRuleEvent,
      input: {} as ClosureRuleContext,
      tags: {} as 'closing',
    },
  }).createMachine({
    id: 'closure_rule',
    initial: 'ACTIVE',
    context: ({ input }) => input,
    meta: lifecycleMeta<ClosureRuleEvent, ClosureRuleStatus>({
      refusals: closureRuleRefusals,
      actions: closureRuleActionProbes,
    }),
    states: {
      // Closes each of its dates as it comes within reach of the scheduler.
      ACTIVE: {
        tags: ['closing'],
        on: { 'closure_rule.withdraw': { target: 'WITHDRAWN' } },
      },
      // Stopped by the owner: closes nothing more.
      WITHDRAWN: { type: 'final' },
    },
  }),
);

export type ClosureRuleMachine = typeof closureRuleMachine;

/** The rule still closes its dates as they come. */
export const selectIsClosing = (snapshot: SnapshotFrom<ClosureRuleMachine>) =>
  snapshot.hasTag('closing');
