// The closure rules' store: the only code that writes a rule's status. A rule ("every Sunday
// dinner") is applied to each date as it comes: every date of it from today to
// CLOSURE_RULE_DAYS_AHEAD days ahead is closed as a closed day of its own, through the closed-day
// store (its exactly-once extension batch, its notices), on creation and by the scheduler's hourly
// job. Each date is closed in a transaction that holds the rule's row (PostgreSQL; SQLite has one
// writer), so a creation and the scheduler closing the same date, or a withdrawal meanwhile, take
// turns; a unique index (migration 043) keeps one closure per rule, date and meal whatever comes
// first, and a date the owner opened again is not closed again. A date whose meal is closed
// already (by hand, or by another rule) is left as it is, and looked at again on the next run.
// Withdrawing the rule opens again, in its transaction, each date of it not locked yet, moving
// exactly the subscriptions each extended back once; past and locked dates stand.
import {
  closedDayLocksAt,
  closureRuleClosures,
  closureRuleDatesInReach,
  closureRuleFromApi,
  closureRuleMachine,
  closureRuleProblems,
  decide,
  isBeforeCutoff,
  normalizedReason,
  refusal,
  restore,
  selectIsClosing,
  sortedWeekdays,
  MEALS,
  type Meal,
  type Weekday,
} from '@machines';
import { notFound, refusalError, refusalFieldErrors } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { parseMeals, storeMeals } from '@server/platform/format.js';
import type { ClosureRule, User } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { auditPart, recordAudit } from '@server/lifecycles/audit.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type {
  ClosedDayStore,
  FinishedClosure,
  RuleDateOutcome,
} from '@server/lifecycles/closed-day/closed-day.store.js';
import {
  ruleClosures,
  unfinishedRuleClosures,
} from '@server/lifecycles/closed-day/closed-day.read.js';
import { readClosureRule, type ClosureRuleRow } from './closure-rule.read.js';
import { parseWeekdays } from './closure-rule.serializer.js';

export interface NewClosureRule {
  weekdays: readonly Weekday[];
  meals: readonly Meal[];
  start_date: string;
  end_date: string | null;
  reason: string;
}

export interface ClosureRuleOutcome {
  rule: ClosureRuleRow;
  /** An earlier request had made (or withdrawn) it. */
  replayed: boolean;
  /** Tells the customers of each date it closed or opened again; run after answering. */
  notify(): Promise<void>;
}

/** How often a date is tried again when a concurrent closure of its meals won the race. */
const ATTEMPTS = 3;

const ruleWords = (rule: Pick<ClosureRule, 'weekdays' | 'meals'>) =>
  `every ${rule.weekdays.replaceAll(',', ', ')} (${
    parseMeals(rule.meals).length === MEALS.length ? 'whole day' : rule.meals.replaceAll(',', ', ')
  })`;

const notifyAll = (finished: readonly FinishedClosure[]) => async () => {
  for (const one of finished) await one.notify();
};

export function createClosureRuleStore(deps: StoreDeps, closedDays: ClosedDayStore) {
  const db = deps.db.kysely;
  const zone = deps.config.businessTz;

  /** The rule's row, held until the transaction ends (SQLite: one writer already). */
  async function lockRule(trx: Executor, id: number): Promise<ClosureRule | undefined> {
    let query = trx.selectFrom('closure_rules').selectAll().where('id', '=', id);
    if (deps.db.dialect === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async function settled(id: number): Promise<ClosureRuleRow> {
    const row = await readClosureRule(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The ACTIVE rule of the same weekdays, meals and start date (the partial unique index's). */
  const activeTwin = (executor: Executor, weekdays: string, meals: string, start: string) =>
    executor
      .selectFrom('closure_rules')
      .selectAll()
      .where('weekdays', '=', weekdays)
      .where('meals', '=', meals)
      .where('start_date', '=', start)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();

  /** One date (and meal) of the rule, closed in a transaction that holds the rule. */
  async function closeDate(
    ruleId: number,
    date: string,
    meal: Meal | null,
    actor: User | null,
  ): Promise<RuleDateOutcome | { kind: 'stopped' }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          const rule = await lockRule(trx, ruleId);
          // Withdrawn meanwhile: it closes nothing more.
          if (!rule || !selectIsClosing(restore(closureRuleMachine, closureRuleFromApi(rule)))) {
            return { kind: 'stopped' as const };
          }
          return closedDays.closeForRule(trx, rule, date, meal, actor);
        });
      } catch (error) {
        // A closure of the same meals (by hand, or this rule's by another run) committed first:
        // the next attempt finds it.
        if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Closes every date of the rule in reach that it has not closed yet, and finishes the
   * extensions of those it closed. `actor`: the person whose request it is (null: the scheduler).
   */
  async function apply(ruleId: number, actor: User | null): Promise<FinishedClosure[]> {
    const rule = await db
      .selectFrom('closure_rules')
      .selectAll()
      .where('id', '=', ruleId)
      .executeTakeFirst();
    if (!rule || !selectIsClosing(restore(closureRuleMachine, closureRuleFromApi(rule)))) return [];
    const settings = await readSettings(db);
    const now = nowIso(deps);
    const closedBefore = new Set(
      (await ruleClosures(db, [ruleId])).map((row) => `${row.closed_date}:${row.meal ?? 'day'}`),
    );
    const dates = closureRuleDatesInReach(
      {
        weekdays: parseWeekdays(rule.weekdays),
        start_date: rule.start_date,
        end_date: rule.end_date,
      },
      deps.today(),
    );
    const made: number[] = [];
    for (const date of dates) {
      for (const meal of closureRuleClosures(parseMeals(rule.meals))) {
        if (closedBefore.has(`${date}:${meal ?? 'day'}`)) continue;
        // Past its first cutoff: the kitchen's count stands, the date is not the rule's any more.
        if (!isBeforeCutoff(now, closedDayLocksAt(settings, date, meal, zone))) continue;
        const outcome = await closeDate(ruleId, date, meal, actor);
        if (outcome.kind === 'stopped') return finishAll(made);
        if (outcome.kind === 'made' || outcome.kind === 'made_before') made.push(outcome.id);
      }
    }
    return finishAll(made);
  }

  /** Each closure's extensions (or their reversal) applied, in order. */
  async function finishAll(ids: readonly number[]): Promise<FinishedClosure[]> {
    const finished: FinishedClosure[] = [];
    for (const id of new Set(ids)) finished.push(await closedDays.finish(id));
    return finished;
  }

  /** Makes a rule and closes its dates in reach. */
  async function create(owner: User, input: NewClosureRule): Promise<ClosureRuleOutcome> {
    const reason = input.reason.trim();
    const weekdayList = sortedWeekdays(input.weekdays);
    const weekdays = weekdayList.join(',');
    const meals = storeMeals(input.meals);
    const endDate = input.end_date ?? null;
    const problems = closureRuleProblems({
      weekdays: weekdayList,
      start_date: input.start_date,
      end_date: endDate,
      today: deps.today(),
    });
    if (problems.length > 0) throw refusalFieldErrors(problems);
    let created: { id: number } | { replayOf: ClosureRule };
    try {
      created = await db.transaction().execute(async (trx) => {
        const twin = await activeTwin(trx, weekdays, meals, input.start_date);
        if (twin) return { replayOf: twin };
        const rule = await trx
          .insertInto('closure_rules')
          .values({
            weekdays,
            meals,
            start_date: input.start_date,
            end_date: endDate,
            reason,
            status: 'ACTIVE',
            created_at: nowIso(deps),
            created_by: owner.id,
            created_by_username: owner.username,
            withdrawn_at: null,
            withdrawn_by: null,
            withdrawn_by_username: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'closure_rule.add',
          objectType: 'closure_rule',
          objectId: rule.id,
          summary: {
            key: 'audit.summary.closure_rule.add',
            values: {
              rule: ruleWords(rule),
              from: { date: rule.start_date },
              until: auditPart(endDate, 'audit.part.until', { date: { date: endDate ?? '' } }),
              reason,
            },
          },
          before: null,
          after: {
            weekdays: weekdayList,
            meals: parseMeals(meals),
            start_date: rule.start_date,
            end_date: endDate,
            reason,
          },
        });
        return { id: rule.id };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent request made the same rule first: this is that rule.
      const twin = await activeTwin(db, weekdays, meals, input.start_date);
      if (!twin) throw error;
      created = { replayOf: twin };
    }
    if ('replayOf' in created) {
      const twin = created.replayOf;
      if (normalizedReason(twin.reason) !== normalizedReason(reason) || twin.end_date !== endDate) {
        throw refusalError(refusal('closure_rule.already_exists'));
      }
      // Whatever the first request left undone is done now.
      const finished = await apply(twin.id, owner);
      return { rule: await settled(twin.id), replayed: true, notify: notifyAll(finished) };
    }
    const finished = await apply(created.id, owner);
    return { rule: await settled(created.id), replayed: false, notify: notifyAll(finished) };
  }

  /** Stops a rule: its dates not locked yet open again, each moving its subscriptions back once. */
  async function withdraw(owner: User, id: number): Promise<ClosureRuleOutcome> {
    const { replayed, reopened } = await db.transaction().execute(async (trx) => {
      const row = await lockRule(trx, id);
      if (!row) throw notFound();
      const decision = decide(closureRuleMachine, closureRuleFromApi(row), {
        type: 'closure_rule.withdraw',
      });
      // Withdrawn already (a doubled click, a retry): answered as it stands, its reversal finished.
      if (!decision.ok && decision.code === 'closure_rule.already_withdrawn') {
        return { replayed: true, reopened: [] };
      }
      if (!decision.ok) throw refusalError(decision);
      const withdrawn = await trx
        .updateTable('closure_rules')
        .set({
          status: decision.next as ClosureRule['status'],
          withdrawn_at: nowIso(deps),
          withdrawn_by: owner.id,
          withdrawn_by_username: owner.username,
        })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!withdrawn) return { replayed: true, reopened: [] };
      const dates = await closedDays.reopenForRule(trx, owner, id);
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'closure_rule.withdraw',
        objectType: 'closure_rule',
        objectId: id,
        summary: {
          key: 'audit.summary.closure_rule.withdraw',
          values: {
            rule: ruleWords(row),
            reopened: dates.reopened.length,
            kept: dates.kept,
            reason: row.reason,
          },
        },
        before: { status: row.status },
        after: { status: decision.next, reopened: dates.reopened.length, kept: dates.kept },
      });
      return { replayed: false, reopened: dates.reopened };
    });
    // The reversals: this withdrawal's, and any a failure left half-done.
    const waiting = new Set(await unfinishedRuleClosures(db));
    const ruleClosureIds = (await ruleClosures(db, [id])).map((closure) => closure.id);
    const finished = await finishAll([
      ...reopened,
      ...ruleClosureIds.filter((closureId) => waiting.has(closureId)),
    ]);
    return { rule: await settled(id), replayed, notify: notifyAll(finished) };
  }

  /**
   * The scheduler's run: every ACTIVE rule's dates that came within reach are closed, and the
   * extensions or reversals of any rule's date a failure left waiting are finished. Customers are
   * told before it returns.
   */
  async function applyAll(): Promise<{ rules: number; closures: number }> {
    const rules = await db
      .selectFrom('closure_rules')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .execute();
    const finished: FinishedClosure[] = [];
    for (const rule of rules) finished.push(...(await apply(rule.id, null)));
    finished.push(...(await finishAll(await unfinishedRuleClosures(db))));
    await notifyAll(finished)();
    return { rules: rules.length, closures: new Set(finished.map((one) => one.closure.id)).size };
  }

  return { create, withdraw, applyAll };
}
