// The reminder schedule's pure rules: quiet hours (also wrapping midnight), the dues reminders on
// the overdue day and every N days (at most M, spaced after a late one), the expiry reminder, and the
// reminder machine's claimed → sent | skipped.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_REMINDER_SETTINGS,
  dueDuesReminder,
  dueExpiryReminder,
  duesReminderDate,
  isQuietTime,
  overdueOn,
  quietHoursEnd,
  reminderNextStep,
  type DuesReminderFacts,
  type ReminderSettings,
} from '@machines';

const settings = (change: Partial<ReminderSettings> = {}): ReminderSettings => ({
  ...DEFAULT_REMINDER_SETTINGS,
  ...change,
});

describe('quiet hours', () => {
  it('wrap midnight: 21:00 to 08:00 holds the late evening and the early morning', () => {
    const quiet = { start: '21:00', end: '08:00' };
    for (const time of ['21:00', '23:59', '00:00', '03:30', '07:59']) {
      expect(isQuietTime(time, quiet)).toBe(true);
    }
    for (const time of ['08:00', '12:00', '20:59']) expect(isQuietTime(time, quiet)).toBe(false);
    // Entered in the evening, they end the next morning; entered after midnight, the same morning.
    expect(quietHoursEnd('2031-03-19', '22:30', quiet)).toEqual({
      date: '2031-03-20',
      time: '08:00',
    });
    expect(quietHoursEnd('2031-03-20', '02:00', quiet)).toEqual({
      date: '2031-03-20',
      time: '08:00',
    });
    expect(quietHoursEnd('2031-03-20', '09:00', quiet)).toBeNull();
  });

  it('within one day (13:00 to 15:00), and none when start equals end', () => {
    const quiet = { start: '13:00', end: '15:00' };
    expect(isQuietTime('12:59', quiet)).toBe(false);
    expect(isQuietTime('13:00', quiet)).toBe(true);
    expect(isQuietTime('14:59', quiet)).toBe(true);
    expect(isQuietTime('15:00', quiet)).toBe(false);
    expect(quietHoursEnd('2031-03-19', '14:00', quiet)).toEqual({
      date: '2031-03-19',
      time: '15:00',
    });
    for (const time of ['00:00', '08:00', '23:59']) {
      expect(isQuietTime(time, { start: '08:00', end: '08:00' })).toBe(false);
    }
  });
});

describe('dues reminders', () => {
  const dueSince = '2031-03-03';
  const overdue = overdueOn(dueSince);
  const facts = (change: Partial<DuesReminderFacts>): DuesReminderFacts => ({
    userId: 7,
    balancePaise: 140_000,
    dueSince,
    claimed: 0,
    lastClaimedOn: null,
    today: overdue,
    ...change,
  });

  it('the first on the day the dues become overdue (16 days after the charge)', () => {
    expect(overdue).toBe('2031-03-19');
    expect(dueDuesReminder(facts({ today: addDays(overdue, -1) }), settings())).toBeNull();
    expect(dueDuesReminder(facts({}), settings())).toEqual({
      key: `dues:7:${dueSince}:1`,
      number: 1,
      dueOn: overdue,
    });
  });

  it('then every N days, and never more than M for one episode', () => {
    const rule = settings({ every_days_overdue: 5, max_reminders: 3 });
    expect(duesReminderDate(dueSince, 2, rule)).toBe(addDays(overdue, 5));
    const second = facts({ claimed: 1, lastClaimedOn: overdue });
    expect(dueDuesReminder({ ...second, today: addDays(overdue, 4) }, rule)).toBeNull();
    expect(dueDuesReminder({ ...second, today: addDays(overdue, 5) }, rule)?.key).toBe(
      `dues:7:${dueSince}:2`,
    );
    const third = facts({
      claimed: 2,
      lastClaimedOn: addDays(overdue, 5),
      today: addDays(overdue, 10),
    });
    expect(dueDuesReminder(third, rule)?.number).toBe(3);
    // M = 3 reached: nothing, however long the dues stay.
    const capped = facts({
      claimed: 3,
      lastClaimedOn: addDays(overdue, 10),
      today: addDays(overdue, 99),
    });
    expect(dueDuesReminder(capped, rule)).toBeNull();
    expect(dueDuesReminder(facts({}), settings({ max_reminders: 0 }))).toBeNull();
  });

  it('without on_due_date the first comes N days after the overdue day', () => {
    const rule = settings({ on_due_date: false, every_days_overdue: 7 });
    expect(dueDuesReminder(facts({ today: addDays(overdue, 6) }), rule)).toBeNull();
    expect(dueDuesReminder(facts({ today: addDays(overdue, 7) }), rule)?.dueOn).toBe(
      addDays(overdue, 7),
    );
  });

  it('a scheduler that was down catches up with one reminder, then waits N days again', () => {
    const rule = settings({ every_days_overdue: 7 });
    // Down for a month: the first goes out late, the second is not due the same day.
    const late = addDays(overdue, 30);
    expect(dueDuesReminder(facts({ today: late }), rule)?.number).toBe(1);
    expect(
      dueDuesReminder(facts({ claimed: 1, lastClaimedOn: late, today: late }), rule),
    ).toBeNull();
    expect(
      dueDuesReminder(facts({ claimed: 1, lastClaimedOn: late, today: addDays(late, 7) }), rule)
        ?.number,
    ).toBe(2);
  });

  it('none when nothing is owed, or when reminders are off', () => {
    expect(dueDuesReminder(facts({ balancePaise: 0, dueSince: null }), settings())).toBeNull();
    expect(dueDuesReminder(facts({ balancePaise: -500 }), settings())).toBeNull();
    expect(dueDuesReminder(facts({}), settings({ enabled: false }))).toBeNull();
  });
});

describe('expiry reminders', () => {
  const end = '2031-04-10';
  it('once the end is before_expiry_days away or closer, keyed by the subscription', () => {
    const rule = settings({ before_expiry_days: 3 });
    expect(
      dueExpiryReminder({ subscriptionId: 4, endDate: end, today: '2031-04-06' }, rule),
    ).toBeNull();
    expect(
      dueExpiryReminder({ subscriptionId: 4, endDate: end, today: '2031-04-07' }, rule),
    ).toEqual({
      key: 'expiry:4',
      dueOn: '2031-04-07',
    });
    // A day missed still reminds; an ended subscription does not.
    expect(dueExpiryReminder({ subscriptionId: 4, endDate: end, today: end }, rule)?.key).toBe(
      'expiry:4',
    );
    expect(
      dueExpiryReminder({ subscriptionId: 4, endDate: end, today: '2031-04-11' }, rule),
    ).toBeNull();
    expect(
      dueExpiryReminder(
        { subscriptionId: 4, endDate: end, today: end },
        settings({ before_expiry_days: 0 }),
      ),
    ).toBeNull();
  });
});

describe('the reminder machine', () => {
  it('a claimed reminder is sent, waits in quiet hours, or is skipped when no longer due', () => {
    expect(reminderNextStep({ stillDue: true, quiet: false })).toBe('send');
    expect(reminderNextStep({ stillDue: true, quiet: true })).toBe('wait');
    expect(reminderNextStep({ stillDue: false, quiet: false })).toBe('skip');
    expect(reminderNextStep({ stillDue: false, quiet: true })).toBe('skip');
  });
});
