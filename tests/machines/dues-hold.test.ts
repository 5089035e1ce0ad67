// The dues hold's rules (issue 21): holdOf decides from a balance and its age whether a customer
// is held and why; holdTakesOff decides which meals a held customer drops off (from the next
// cutoff: a locked meal keeps whoever it counted).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOLD_POLICY,
  DEFAULT_SETTINGS,
  heldDueSinceBefore,
  holdOf,
  holdPolicyOf,
  holdTakesOff,
  mergeSettings,
  type HoldPolicy,
} from '@machines';

const TODAY = '2026-11-27';
const on: HoldPolicy = { enabled: true, max_amount: 2000, max_days_overdue: 15 };
const owing = (rupees: number, dueSince: string | null = TODAY) => ({
  balancePaise: rupees * 100,
  dueSince,
  today: TODAY,
});

describe('holdOf', () => {
  it('holds nobody while the hold is off (the default)', () => {
    expect(DEFAULT_HOLD_POLICY.enabled).toBe(false);
    expect(holdOf(owing(100_000, '2026-01-01'), DEFAULT_HOLD_POLICY)).toBeNull();
  });

  it('holds above the amount limit, not at it', () => {
    expect(holdOf(owing(2000), on)).toBeNull();
    expect(holdOf(owing(2000.01), on)).toBe('over_amount');
  });

  it('holds dues older than the days limit, not as old as it', () => {
    expect(holdOf(owing(10, '2026-11-12'), on)).toBeNull(); // 15 days
    expect(holdOf(owing(10, '2026-11-11'), on)).toBe('overdue_days'); // 16 days
  });

  it('names the amount first when both limits are passed', () => {
    expect(holdOf(owing(5000, '2026-10-01'), on)).toBe('over_amount');
  });

  it('leaves out a limit that is null, and never holds an account that owes nothing', () => {
    expect(holdOf(owing(5000), { ...on, max_amount: null })).toBeNull();
    expect(holdOf(owing(10, '2026-01-01'), { ...on, max_days_overdue: null })).toBeNull();
    expect(holdOf(owing(0, null), on)).toBeNull();
    expect(holdOf(owing(-500, null), on)).toBeNull();
    expect(
      holdOf(owing(5000), { enabled: true, max_amount: null, max_days_overdue: null }),
    ).toBeNull();
  });

  it('agrees with the date a query compares due_since with', () => {
    const before = heldDueSinceBefore(on, TODAY);
    expect(before).toBe('2026-11-12');
    for (const dueSince of ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) {
      const byQuery = before !== null && dueSince < before;
      expect(holdOf(owing(10, dueSince), on) === 'overdue_days').toBe(byQuery);
    }
    expect(heldDueSinceBefore({ ...on, max_days_overdue: null }, TODAY)).toBeNull();
  });

  it('a settings row saved before the hold existed reads as off', () => {
    const old = mergeSettings(DEFAULT_SETTINGS, {
      payments: { activation: 'full_payment', max_dues: 0 },
    });
    expect(holdPolicyOf(old.payments)).toEqual(DEFAULT_HOLD_POLICY);
    expect(holdPolicyOf({})).toEqual(DEFAULT_HOLD_POLICY);
  });
});

describe('holdTakesOff', () => {
  it('drops a held customer from a meal whose cutoff is ahead', () => {
    expect(holdTakesOff(7, null, false)).toBe(true);
  });

  it('keeps one a lock counted, and keeps off one it did not', () => {
    expect(holdTakesOff(7, new Set([7, 8]), true)).toBe(false);
    expect(holdTakesOff(9, new Set([7, 8]), true)).toBe(true);
  });

  it('leaves a past meal that was never locked as it was', () => {
    expect(holdTakesOff(7, null, true)).toBe(false);
  });
});
