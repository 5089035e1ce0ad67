// The closure-rule machine and its rules: which dates "every Sunday dinner" closes (its weekdays
// between its start and end, within reach), the closures one date is made of, the checks a new rule
// must pass, and that a rule is withdrawn once.
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  allowedEvents,
  CLOSURE_RULE_DAYS_AHEAD,
  closureRuleClosures,
  closureRuleDates,
  closureRuleDatesInReach,
  closureRuleFromApi,
  closureRuleMachine,
  closureRuleProblems,
  decide,
  refusalSentence,
  sortedWeekdays,
} from '@machines';

// 2026-11-29 is a Sunday.
const SUNDAY = '2026-11-29';

describe('the dates of a rule', () => {
  it('are its weekdays from its start, through its end or the end of the range', () => {
    const rule = { weekdays: ['sunday', 'wednesday'] as const, start_date: SUNDAY, end_date: null };
    expect(closureRuleDates(rule, '2026-11-20', '2026-12-10')).toEqual([
      '2026-11-29',
      '2026-12-02',
      '2026-12-06',
      '2026-12-09',
    ]);
    expect(closureRuleDates({ ...rule, end_date: '2026-12-06' }, SUNDAY, '2026-12-31')).toEqual([
      '2026-11-29',
      '2026-12-02',
      '2026-12-06',
    ]);
    expect(
      closureRuleDates({ ...rule, end_date: '2026-11-28' }, '2026-11-01', '2026-12-31'),
    ).toEqual([]);
  });

  it('are closed two weeks ahead: today through 14 days on, both included', () => {
    expect(CLOSURE_RULE_DAYS_AHEAD).toBe(14);
    const rule = { weekdays: ['sunday'] as const, start_date: '2026-01-01', end_date: null };
    expect(closureRuleDatesInReach(rule, SUNDAY)).toEqual([
      '2026-11-29',
      '2026-12-06',
      '2026-12-13',
    ]);
    expect(closureRuleDatesInReach(rule, '2026-11-30')).toEqual(['2026-12-06', '2026-12-13']);
  });

  it('closes the whole day for every meal, else each meal on its own', () => {
    expect(closureRuleClosures(['dinner', 'breakfast', 'lunch'])).toEqual([null]);
    expect(closureRuleClosures(['dinner', 'lunch'])).toEqual(['lunch', 'dinner']);
    expect(closureRuleClosures(['dinner'])).toEqual(['dinner']);
  });

  it('lists weekdays Monday first, each once', () => {
    expect(sortedWeekdays(['sunday', 'monday', 'sunday'])).toEqual(['monday', 'sunday']);
  });
});

describe('a new rule', () => {
  const facts = (overrides: Partial<Parameters<typeof closureRuleProblems>[0]> = {}) => ({
    weekdays: ['sunday'] as const,
    start_date: SUNDAY,
    end_date: null,
    today: SUNDAY,
    ...overrides,
  });

  it('starts today or later, ends on or after its start, and holds one of its weekdays', () => {
    expect(closureRuleProblems(facts())).toEqual([]);
    expect(closureRuleProblems(facts({ end_date: SUNDAY }))).toEqual([]);
    expect(closureRuleProblems(facts({ today: '2026-11-30' }))).toMatchObject([
      { field: 'start_date', code: 'closure_rule.starts_in_past' },
    ]);
    expect(closureRuleProblems(facts({ end_date: '2026-11-28' }))).toMatchObject([
      { field: 'end_date', code: 'closure_rule.ends_before_start' },
    ]);
    const none = closureRuleProblems(
      facts({ start_date: '2026-11-30', end_date: '2026-12-05', today: '2026-11-30' }),
    );
    expect(none).toMatchObject([{ field: 'end_date', code: 'closure_rule.no_dates' }]);
    expect(refusalSentence('hi', none[0]!.key)).toMatch(/[\u0900-\u097F]/);
  });
});

describe('the closure-rule machine', () => {
  it('withdraws an ACTIVE rule once, and offers no button after', () => {
    const active = closureRuleFromApi({ status: 'ACTIVE' });
    expect(decide(closureRuleMachine, active, { type: 'closure_rule.withdraw' })).toMatchObject({
      ok: true,
      next: 'WITHDRAWN',
    });
    expect(allowedEvents(closureRuleMachine, active)).toEqual(['closure_rule.withdraw']);
    const withdrawn = closureRuleFromApi({ status: 'WITHDRAWN' });
    expect(decide(closureRuleMachine, withdrawn, { type: 'closure_rule.withdraw' })).toMatchObject({
      ok: false,
      code: 'closure_rule.already_withdrawn',
    });
    expect(allowedEvents(closureRuleMachine, withdrawn)).toEqual([]);
  });

  it('reaches every state by the shortest paths', () => {
    const paths = getShortestPaths(closureRuleMachine, {
      input: {},
      events: [{ type: 'closure_rule.withdraw' }],
    });
    expect(paths.map((path) => path.state.value).sort()).toEqual(['ACTIVE', 'WITHDRAWN']);
  });
});
