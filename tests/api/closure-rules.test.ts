// Closure rules over HTTP and through the scheduler, on both databases: "every Sunday dinner" closes
// each of its dates in reach as a closed day of its own (one closure, one extension each, however a
// creation, the scheduler and a closure by hand interleave), the kitchen sheet sees the meal closed,
// a date closed by hand is not closed twice, and withdrawing the rule opens its dates not locked yet
// again, moving exactly those subscriptions back once, and leaves the locked ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  CLOSURE_RULE_DAYS_AHEAD,
  cutoffAt,
  DEFAULT_SETTINGS,
  refusalSentence,
  weekdayOf,
} from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';
import { runJobIfDue } from '../../server/services/scheduler.js';
import { closureRuleJobs } from '../../server/lifecycles/closure-rule/closure-rule.jobs.js';

const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('closure rules on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  /** Dina eats dinner only, Ravi lunch only, Asha every meal. */
  let dina: Customer;
  let dinaSub: SubscriptionFixture;
  let raviSub: SubscriptionFixture;
  let ashaSub: SubscriptionFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    dina = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const ravi = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const asha = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    dinaSub = await insertSubscription(t, dina.id, { meals: ['dinner'], durationDays: 120 });
    raviSub = await insertSubscription(t, ravi.id, { meals: ['lunch'], durationDays: 120 });
    ashaSub = await insertSubscription(t, asha.id, {
      serviceType: 'tiffin',
      meals: ['breakfast', 'lunch', 'dinner'],
      durationDays: 120,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.ctx.db.kysely;
  const today = () => t.ctx.today();
  const endOf = async (id: number) =>
    (
      await db()
        .selectFrom('subscriptions')
        .select('adjusted_end_date')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).adjusted_end_date;
  const ends = async () => ({
    dina: await endOf(dinaSub.id),
    ravi: await endOf(raviSub.id),
    asha: await endOf(ashaSub.id),
  });
  const moved = (before: Record<string, string | null>, days: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(before).map(([who, end]) => [who, addDays(end!, days[who] ?? 0)]),
    );
  const createRule = (body: Record<string, unknown>, token = owner) =>
    t.request('POST', '/api/owner/closure-rules/', { token, body });
  const withdraw = (id: number, headers?: Record<string, string>) =>
    t.request('POST', `/api/owner/closure-rules/${id}/withdraw/`, {
      token: owner,
      ...(headers ? { headers } : {}),
    });
  const closeByHand = (body: Record<string, unknown>) =>
    t.request('POST', '/api/owner/closed-days/', { token: owner, body });
  const removeByHand = (id: number) =>
    t.request('POST', `/api/owner/closed-days/${id}/remove/`, { token: owner });
  /** Every closure a rule made, the earliest first. */
  const closuresOf = (ruleId: number) =>
    db()
      .selectFrom('closed_days')
      .select(['id', 'closed_date', 'meal', 'status', 'reason'])
      .where('rule_id', '=', ruleId)
      .orderBy('closed_date')
      .orderBy('id')
      .execute();
  /** The SCHEDULED closures of a date, whoever made them. */
  const scheduledOn = (date: string) =>
    db()
      .selectFrom('closed_days')
      .select(['id', 'meal', 'rule_id'])
      .where('closed_date', '=', date)
      .where('status', '=', 'SCHEDULED')
      .orderBy('id')
      .execute();
  /** A rule as a creation that stopped before closing its dates leaves it: only its row. */
  const ruleRowOnly = async (rule: {
    weekdays: string;
    meals: string;
    start: string;
    end?: string;
    reason: string;
  }) =>
    (
      await db()
        .insertInto('closure_rules')
        .values({
          weekdays: rule.weekdays,
          meals: rule.meals,
          start_date: rule.start,
          end_date: rule.end ?? null,
          reason: rule.reason,
          status: 'ACTIVE',
          created_at: t.clock.now().toISOString(),
          created_by: null,
          created_by_username: 'owner',
          withdrawn_at: null,
          withdrawn_by: null,
          withdrawn_by_username: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const applyAll = () => t.ctx.stores.closureRules.applyAll();

  it('closes each date in reach as a closed day: one extension each, the kitchen sheet sees it, customers told, audited', async () => {
    const first = addDays(today(), 3);
    const weekday = weekdayOf(first);
    const before = await ends();
    const made = await createRule({
      weekdays: [weekday],
      meals: ['dinner'],
      start_date: today(),
      reason: 'Weekly off',
    });
    expect(made.status).toBe(201);
    // Its dates from today to 14 days ahead: the third comes within reach in a week.
    const dates = [first, addDays(first, 7)];
    expect(addDays(first, 14) > addDays(today(), CLOSURE_RULE_DAYS_AHEAD)).toBe(true);
    expect(made.body).toMatchObject({
      weekdays: [weekday],
      meals: ['dinner'],
      start_date: today(),
      end_date: null,
      reason: 'Weekly off',
      status: 'ACTIVE',
      withdrawable: true,
      upcoming: dates,
      // Dina's dinner plan, once a date; nobody else eats dinner alone.
      extended: 2,
      reversed: 0,
      created_by: 'owner',
      withdrawn_at: null,
    });
    const closures = await closuresOf(made.body.id);
    expect(closures).toMatchObject(
      dates.map((date) => ({ closed_date: date, meal: 'dinner', status: 'SCHEDULED' })),
    );
    expect(await ends()).toEqual(moved(before, { dina: 2 }));

    // Each date is a closed day like one closed by hand: listed, and on the kitchen sheet.
    const listed = await t.request('GET', '/api/owner/closed-days/', { token: owner });
    expect(listed.body.find((row: { id: number }) => row.id === closures[0]!.id)).toMatchObject({
      date: first,
      meal: 'dinner',
      rule: made.body.id,
      extended: 1,
      removable: true,
    });
    const sheet = await t.request('GET', `/api/kitchen/sheet/?date=${first}`, { token: owner });
    expect(sheet.status).toBe(200);
    expect(sheet.body.closed).toEqual({
      breakfast: null,
      lunch: null,
      dinner: { id: closures[0]!.id, reason: 'Weekly off' },
    });
    expect(sheet.body.counts.mess.dinner).toBe(0);
    expect(sheet.body.counts.tiffin.dinner).toBe(0);
    expect(sheet.body.counts.mess.lunch).toBeGreaterThan(0);
    expect(sheet.body.deliveries.dinner).toEqual([]);

    // The same rule again (a double click) is the first one; nothing closes or moves twice.
    const again = await createRule({
      weekdays: [weekday],
      meals: ['dinner'],
      start_date: today(),
      reason: ' weekly  OFF ',
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    expect(await ends()).toEqual(moved(before, { dina: 2 }));
    const other = await createRule({
      weekdays: [weekday],
      meals: ['dinner'],
      start_date: today(),
      reason: 'Staff holiday',
    });
    expect(other.status).toBe(400);
    expect(other.body.error_code).toBe('closure_rule.already_exists');

    await t.settle();
    const told = await db()
      .selectFrom('notification_logs')
      .select('dedupe_key')
      .where('notification_type', '=', 'closed_day')
      .where('channel', '=', 'sms')
      .where('user_id', '=', dina.id)
      .execute();
    expect(told.map((notice) => notice.dedupe_key).sort()).toEqual(
      closures.map((closure) => `closed-day:${closure.id}:${dinaSub.id}:sms`).sort(),
    );
    const audit = await t.request('GET', '/api/audit/?action=closure_rule', { token: owner });
    expect(audit.body.map((entry: { action: string }) => entry.action)).toContain(
      'closure_rule.add',
    );

    // A week on, the scheduler closes the date that came within reach, once an hour at most.
    const job = closureRuleJobs[0]!;
    t.clock.advance(7 * 24 * 3600_000);
    try {
      expect(await runJobIfDue(t.ctx, job)).toBe(true);
      expect(await runJobIfDue(t.ctx, job)).toBe(false);
      expect(await applyAll()).toMatchObject({ closures: 0 });
      expect((await closuresOf(made.body.id)).map((closure) => closure.closed_date)).toEqual([
        ...dates,
        addDays(first, 14),
      ]);
      expect(await ends()).toEqual(moved(before, { dina: 3 }));
    } finally {
      t.clock.reset();
    }

    // Withdrawn while every date is ahead: all three open again, Dina moves back three days.
    const withdrawn = await withdraw(made.body.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      status: 'WITHDRAWN',
      withdrawable: false,
      upcoming: [],
      extended: 3,
      reversed: 3,
      withdrawn_by: 'owner',
    });
    expect(await ends()).toEqual(before);
  });

  it('every meal of a weekday closes the whole day, which gives every plan the day back', async () => {
    const date = addDays(today(), 4);
    const before = await ends();
    const made = await createRule({
      weekdays: [weekdayOf(date)],
      meals: ['dinner', 'breakfast', 'lunch'],
      start_date: date,
      end_date: date,
      reason: 'Annual puja',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      meals: ['breakfast', 'lunch', 'dinner'],
      end_date: date,
      upcoming: [date],
      extended: 3,
    });
    expect(await closuresOf(made.body.id)).toMatchObject([{ closed_date: date, meal: null }]);
    expect(await ends()).toEqual(moved(before, { dina: 1, ravi: 1, asha: 1 }));
    expect((await withdraw(made.body.id)).body.reversed).toBe(3);
    expect(await ends()).toEqual(before);
  });

  it('a creation and the scheduler closing the same date make one closure and one extension (8 rounds)', async () => {
    const before = await ends();
    const rules: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const date = addDays(today(), 1 + round);
      const body = {
        weekdays: [weekdayOf(date)],
        meals: ['lunch'],
        start_date: date,
        end_date: date,
        reason: `Race ${round}`,
      };
      let answers;
      if (round % 2 === 0) {
        // The request closes its date while two scheduler runs look at every rule.
        answers = await Promise.all([createRule(body), applyAll(), applyAll()]);
      } else {
        // A creation that stopped before closing its date: the scheduler and a retry of the
        // request race to close it.
        await ruleRowOnly({
          weekdays: body.weekdays.join(','),
          meals: 'lunch',
          start: date,
          end: date,
          reason: body.reason,
        });
        answers = await Promise.all([applyAll(), createRule(body), applyAll()]);
      }
      const created = answers.find(
        (answer): answer is Awaited<ReturnType<typeof createRule>> => 'status' in answer,
      )!;
      expect([200, 201], `round ${round}`).toContain(created.status);
      rules.push(created.body.id);
      const scheduled = await scheduledOn(date);
      expect(scheduled, `round ${round}`).toEqual([
        { id: expect.any(Number), meal: 'lunch', rule_id: created.body.id },
      ]);
      expect(await endOf(raviSub.id), `round ${round}`).toBe(addDays(before.ravi!, round + 1));
      const listed = await db()
        .selectFrom('subscription_adjustments as a')
        .innerJoin('closed_days as c', 'c.extend_batch_id', 'a.batch_id')
        .select('a.id')
        .where('c.closed_date', '=', date)
        .where('c.status', '=', 'SCHEDULED')
        .where('a.subscription_id', '=', raviSub.id)
        .execute();
      expect(listed, `round ${round}`).toHaveLength(1);
    }
    await t.settle();
    for (const id of rules) expect((await withdraw(id)).status).toBe(200);
    expect(await ends()).toEqual(before);
  }, 120_000);

  it('a date closed by hand is not closed twice, and one opened again is not closed again', async () => {
    const handDate = addDays(today(), 9);
    const ruleDate = addDays(handDate, -7);
    const before = await ends();
    // Closed by hand first, the whole day: the rule's lunch of that date is taken.
    const hand = await closeByHand({ date: handDate, reason: 'Holi' });
    expect(hand.status).toBe(201);
    const made = await createRule({
      weekdays: [weekdayOf(handDate)],
      meals: ['lunch'],
      start_date: today(),
      reason: 'Market day',
    });
    expect(made.status).toBe(201);
    expect(made.body.upcoming).toEqual([ruleDate]);
    expect(await scheduledOn(handDate)).toEqual([{ id: hand.body.id, meal: null, rule_id: null }]);
    // Ravi: a day for Holi, a day for the rule's date; never two for one date.
    expect(await ends()).toEqual(moved(before, { dina: 1, ravi: 2, asha: 1 }));
    expect(await applyAll()).toMatchObject({ closures: 0 });

    // Closing the rule's date by hand, for the same reason, is the rule's closure; another is refused.
    const [ruleClosure] = await closuresOf(made.body.id);
    const same = await closeByHand({ date: ruleDate, meal: 'lunch', reason: 'market day' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ id: ruleClosure!.id, rule: made.body.id });
    const clash = await closeByHand({ date: ruleDate, meal: 'lunch', reason: 'Water cut' });
    expect(clash.body.error_code).toBe('closed_day.already_closed');
    const overlap = await closeByHand({ date: ruleDate, reason: 'Water cut' });
    expect(overlap.body.error_code).toBe('closed_day.overlaps');
    expect(await ends()).toEqual(moved(before, { dina: 1, ravi: 2, asha: 1 }));

    // Holi opened again: the rule's lunch of that date is closed on the next run, once.
    expect((await removeByHand(hand.body.id)).status).toBe(200);
    expect(await ends()).toEqual(moved(before, { ravi: 1 }));
    expect(await applyAll()).toMatchObject({ closures: 1 });
    expect(await applyAll()).toMatchObject({ closures: 0 });
    expect(await scheduledOn(handDate)).toEqual([
      { id: expect.any(Number), meal: 'lunch', rule_id: made.body.id },
    ]);
    expect(await ends()).toEqual(moved(before, { ravi: 2 }));

    // The rule's date opened again by hand stays open: the rule does not close it again.
    expect((await removeByHand(ruleClosure!.id)).body).toMatchObject({ status: 'REMOVED' });
    expect(await applyAll()).toMatchObject({ closures: 0 });
    expect(await scheduledOn(ruleDate)).toEqual([]);
    expect(await ends()).toEqual(moved(before, { ravi: 1 }));

    expect((await withdraw(made.body.id)).body).toMatchObject({ status: 'WITHDRAWN' });
    expect(await ends()).toEqual(before);
  });

  it('a closure by hand and the scheduler closing the same meal at once keep one (10 rounds)', async () => {
    const before = await ends();
    const rules: number[] = [];
    const dates: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const date = addDays(today(), 1 + round);
      dates.push(date);
      const reason = `Both ${round}`;
      // A rule whose date is not closed yet (its creation stopped short), and the same meal
      // closed by hand for the same reason while the scheduler runs.
      rules.push(
        await ruleRowOnly({
          weekdays: weekdayOf(date),
          meals: 'dinner',
          start: date,
          end: date,
          reason,
        }),
      );
      const [hand] = await Promise.all([closeByHand({ date, meal: 'dinner', reason }), applyAll()]);
      expect([200, 201], `round ${round}: ${JSON.stringify(hand.body)}`).toContain(hand.status);
      const scheduled = await scheduledOn(date);
      expect(scheduled, `round ${round}`).toEqual([
        { id: hand.body.id, meal: 'dinner', rule_id: hand.body.rule },
      ]);
      expect(await endOf(dinaSub.id), `round ${round}`).toBe(addDays(before.dina!, round + 1));
    }
    // Withdrawn, the rules open the dates they closed; those closed by hand are opened by hand.
    for (const id of rules) expect((await withdraw(id)).status).toBe(200);
    for (const date of dates) {
      for (const closure of await scheduledOn(date)) {
        expect((await removeByHand(closure.id)).status).toBe(200);
      }
    }
    expect(await ends()).toEqual(before);
  }, 120_000);

  it('withdrawn, it opens its dates not locked yet again, exactly once, and leaves the locked one', async () => {
    const tomorrow = addDays(today(), 1);
    const before = await ends();
    const made = await createRule({
      weekdays: [weekdayOf(tomorrow)],
      meals: ['dinner'],
      start_date: tomorrow,
      reason: 'Weekly cleaning',
    });
    expect(made.body.upcoming).toEqual([tomorrow, addDays(tomorrow, 7)]);
    expect(await ends()).toEqual(moved(before, { dina: 2 }));
    const [locked, ahead] = await closuresOf(made.body.id);

    // Tomorrow's dinner count is fixed: that date stands.
    t.clock.setTo(
      new Date(Date.parse(cutoffAt(DEFAULT_SETTINGS, 'dinner', tomorrow, ZONE)) + 1000),
    );
    owner = await loginOwner(t);
    try {
      const answers = await Promise.all([
        withdraw(made.body.id),
        withdraw(made.body.id, { 'accept-language': 'hi' }),
        withdraw(made.body.id),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      for (const answer of answers) {
        expect(answer.body).toMatchObject({
          status: 'WITHDRAWN',
          extended: 2,
          reversed: 1,
          upcoming: [tomorrow],
        });
      }
      expect(await ends()).toEqual(moved(before, { dina: 1 }));
      expect(await closuresOf(made.body.id)).toMatchObject([
        { id: locked!.id, status: 'SCHEDULED' },
        { id: ahead!.id, status: 'REMOVED' },
      ]);
      const audit = await db()
        .selectFrom('audit_log')
        .select('action')
        .where('object_type', '=', 'closure_rule')
        .where('object_id', '=', made.body.id)
        .where('action', '=', 'closure_rule.withdraw')
        .execute();
      expect(audit).toHaveLength(1);
      await t.settle();
      const told = await db()
        .selectFrom('notification_logs')
        .select('dedupe_key')
        .where('notification_type', '=', 'closed_day_removed')
        .where('channel', '=', 'sms')
        .where('user_id', '=', dina.id)
        .where('dedupe_key', 'like', `closed-day-removed:${ahead!.id}:%`)
        .execute();
      expect(told).toHaveLength(1);

      // Withdrawn, it closes nothing more, and a second withdrawal is answered as it stands.
      t.clock.advance(7 * 24 * 3600_000);
      expect(await applyAll()).toMatchObject({ closures: 0 });
      expect(await closuresOf(made.body.id)).toHaveLength(2);
      owner = await loginOwner(t);
      const again = await withdraw(made.body.id);
      expect(again.status).toBe(200);
      expect(again.body.reversed).toBe(1);
      expect(await ends()).toEqual(moved(before, { dina: 1 }));
    } finally {
      t.clock.reset();
      owner = await loginOwner(t);
    }
  });

  it('refuses a rule that starts in the past, ends before it starts or holds none of its weekdays, under the field, in both languages', async () => {
    const start = addDays(today(), 2);
    const bad = await createRule({ weekdays: [], meals: ['tea'], start_date: 'soon', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.weekdays).toEqual(['Choose at least one weekday']);
    expect(bad.body.start_date).toContain('Start date must be a date (YYYY-MM-DD)');
    expect(bad.body.reason).toEqual(['Reason is required']);
    const doubled = await createRule({
      weekdays: ['sunday', 'sunday'],
      meals: ['lunch'],
      start_date: start,
      reason: 'x',
    });
    expect(doubled.body.weekdays).toEqual(['Choose each weekday once']);

    const past = await createRule({
      weekdays: ['sunday'],
      meals: ['lunch'],
      start_date: addDays(today(), -1),
      reason: 'Late',
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      error_code: 'closure_rule.starts_in_past',
      start_date: [refusalSentence('en', 'closure_rule.starts_in_past')],
    });
    const backwards = await t.request('POST', '/api/owner/closure-rules/', {
      token: owner,
      headers: { 'accept-language': 'hi' },
      body: {
        weekdays: ['sunday'],
        meals: ['lunch'],
        start_date: start,
        end_date: addDays(start, -1),
        reason: 'Late',
      },
    });
    expect(backwards.body).toMatchObject({
      error_code: 'closure_rule.ends_before_start',
      end_date: [refusalSentence('hi', 'closure_rule.ends_before_start')],
    });
    const empty = await createRule({
      weekdays: [weekdayOf(addDays(start, 3))],
      meals: ['lunch'],
      start_date: start,
      end_date: addDays(start, 1),
      reason: 'Short',
    });
    expect(empty.body.error_code).toBe('closure_rule.no_dates');
    expect(
      await db()
        .selectFrom('closure_rules')
        .select('id')
        .where('reason', 'in', ['Late', 'Short'])
        .execute(),
    ).toEqual([]);

    const customer = await t.request('GET', '/api/owner/closure-rules/', { token: dina.access });
    expect(customer.status).toBe(403);
    expect((await withdraw(999999)).status).toBe(404);
    const listed = await t.request('GET', '/api/owner/closure-rules/', { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
  });
});
