// The closed days' store: the only code that writes a closure's status. A new closure is judged by
// machines/closed-day's rules and a removal by its machine, against the settings and the clock of
// the moment. Creating one lists, in the same transaction, the subscriptions it gives a day (an
// adjustment batch, lifecycles/subscription/adjustments.store.ts), which then move once each
// through subscription.adjust; removing it withdraws what is still waiting and lists exactly the
// subscriptions that moved, to move them back once each. A doubled request finds the first one's
// closure (the partial unique index of migration 018) and finishes its batch. A closure claims the
// meals it closes (closed_day_meals, migration 036) in the transaction that makes it, so of a whole
// day and a meal of it sent together the database keeps one: the other is refused as overlapping,
// however the two transactions interleave. A closure rule's dates (lifecycles/closure-rule) are
// closed and opened again here too, inside the rule store's transaction, through the same code.
import {
  closedDayClash,
  closedDayFromApi,
  closedDayLocksAt,
  closedDayMachine,
  closedDayProblems,
  closedMeals,
  closureTakesWholeDay,
  decide,
  normalizedReason,
  refusal,
  type Meal,
  type Refused,
} from '@machines';
import { sql } from 'kysely';
import { notFound, refusalError, refusalsError, found } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { parseMeals } from '@server/platform/format.js';
import type { ClosedDay, User } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { auditPart, recordAudit, type AuditRecord } from '@server/lifecycles/audit.js';
import { leaveCovers } from '@server/lifecycles/leave/leave.read.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type {
  AdjustmentBatch,
  AdjustmentBatches,
} from '@server/lifecycles/subscription/adjustments.store.js';
import { readClosedDay, type ClosedDayRow } from './closed-day.read.js';
import { createClosedDayNotices } from './closed-day.notices.js';
import { subscriptionsWithPlans } from '@server/lifecycles/subscription/subscription.read.js';

export interface NewClosedDay {
  date: string;
  meal: Meal | null;
  reason: string;
}

export interface ClosedDayOutcome {
  closure: ClosedDayRow;
  /** An earlier request had made (or removed) it. */
  replayed: boolean;
  /** Tells the customers; run after answering. */
  notify(): Promise<void>;
}

const mealLabel = (meal: Meal | null) => meal ?? 'whole day';

/** A closure rule, as the closures of its dates are made from it. */
export interface RuleOfClosure {
  readonly id: number;
  readonly reason: string;
  readonly created_by: number | null;
  readonly created_by_username: string;
}

/** What closing one date of a rule came to. */
export type RuleDateOutcome =
  /** Closed now: its extensions wait for finish(). */
  | { readonly kind: 'made'; readonly id: number }
  /** The rule closed it before (it may have been opened again since). */
  | { readonly kind: 'made_before'; readonly id: number }
  /** A meal of it is closed already, by hand or by another rule: not closed twice. */
  | { readonly kind: 'taken' }
  /** Its first cutoff has passed. */
  | { readonly kind: 'too_late' };

/** Who makes a closure: the person, and the account its audit entry names (null: the server). */
interface Maker {
  readonly by: Pick<User, 'username'> & { readonly id: number | null };
  readonly audit: AuditRecord['actor'];
}

/** A closure with its extensions done, and its customers' notice. */
export interface FinishedClosure {
  readonly closure: ClosedDayRow;
  /** Tells the customers it closed, or opened again; keyed, so told once however often it runs. */
  notify(): Promise<void>;
}

export function createClosedDayStore(deps: StoreDeps, adjustments: AdjustmentBatches) {
  const db = deps.db.kysely;
  const zone = deps.config.businessTz;
  const notices = createClosedDayNotices(deps);

  /** The SCHEDULED closure of a date and meal (null: the whole day). */
  const scheduledOf = (trx: Executor, date: string, meal: Meal | null) =>
    trx
      .selectFrom('closed_days')
      .selectAll()
      .where('closed_date', '=', date)
      .where((eb) => (meal === null ? eb('meal', 'is', null) : eb('meal', '=', meal)))
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst();

  /** The date's SCHEDULED closures: each one's meal (null: the whole day), id and reason. */
  const scheduledMealsOf = (executor: Executor, date: string) =>
    executor
      .selectFrom('closed_days')
      .select(['meal', 'id', 'reason'])
      .where('closed_date', '=', date)
      .where('status', '=', 'SCHEDULED')
      .execute();

  /** The subscriptions a closure gives a day: covering the date, not away, every meal closed. */
  async function targetsOf(trx: Executor, date: string, meal: Meal | null): Promise<number[]> {
    const rows = await subscriptionsWithPlans(trx)
      .select(['s.id', 'p.included_meals'])
      .where('s.status', '=', 'ACTIVE')
      .where('s.start_date', '<=', date)
      .where('s.adjusted_end_date', '>=', date)
      // An approved leave already gives the day back (leave days): not twice.
      .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
      .orderBy('s.id')
      .execute();
    const closed = closedMeals(meal);
    return rows
      .filter((row) => closureTakesWholeDay(closed, parseMeals(row.included_meals)))
      .map((row) => row.id);
  }

  /** Applies what waits of a batch, and marks it complete. */
  async function run(batchId: number | null) {
    if (batchId === null) return;
    const batch: AdjustmentBatch = await db
      .selectFrom('adjustment_batches')
      .selectAll()
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    await adjustments.applyPending(batch);
    await adjustments.finish(batch);
  }

  /** The closure as it stands once its batches are done. */
  async function settled(id: number): Promise<ClosedDayRow> {
    const row = await readClosedDay(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The same closure sent again: its batch finished, or a refusal if the reason differs. */
  async function replay(existing: { id: number; reason: string }, reason: string) {
    if (normalizedReason(existing.reason) !== normalizedReason(reason)) {
      throw refusalError(refusal('closed_day.already_closed'));
    }
    const row = await settled(existing.id);
    await run(row.extend_batch_id);
    return settled(existing.id);
  }

  /**
   * Inside the caller's transaction, once the closure has passed its checks: the closure, the meals
   * it claims, the subscriptions it gives a day (listed, applied by run()) and its audit entry.
   */
  async function insertClosure(
    trx: Executor,
    maker: Maker,
    input: NewClosedDay,
    ruleId: number | null,
  ): Promise<number> {
    const reason = input.reason.trim();
    const closure = await trx
      .insertInto('closed_days')
      .values({
        closed_date: input.date,
        meal: input.meal,
        reason,
        status: 'SCHEDULED',
        created_at: nowIso(deps),
        created_by: maker.by.id,
        created_by_username: maker.by.username,
        removed_at: null,
        removed_by: null,
        removed_by_username: null,
        extend_batch_id: null,
        reverse_batch_id: null,
        rule_id: ruleId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Before any subscription is listed: a concurrent overlapping closure waits here, then
    // fails on the primary key once this one commits.
    await trx
      .insertInto('closed_day_meals')
      .values(
        closedMeals(input.meal).map((meal) => ({
          closed_date: input.date,
          meal,
          closed_day_id: closure.id,
        })),
      )
      .execute();
    const targets = await targetsOf(trx, input.date, input.meal);
    const batch = await adjustments.list(trx, maker.by, {
      operationKey: `closed-day:${closure.id}:extend`,
      days: 1,
      reason: `Kitchen closed on ${input.date} (${mealLabel(input.meal)}): ${reason}`,
      targets,
    });
    await trx
      .updateTable('closed_days')
      .set({ extend_batch_id: batch.id })
      .where('id', '=', closure.id)
      .execute();
    await recordAudit(deps, trx, {
      actor: maker.audit,
      action: 'closed_day.add',
      objectType: 'closed_day',
      objectId: closure.id,
      summary: {
        key: 'audit.summary.closed_day.add',
        values: {
          date: { date: input.date },
          meal: input.meal ?? 'day',
          byRule: auditPart(ruleId !== null, 'audit.part.by_closure_rule', { rule: ruleId ?? 0 }),
          count: targets.length,
          reason,
        },
      },
      before: null,
      after: {
        date: input.date,
        meal: input.meal,
        reason,
        subscriptions: targets.length,
        ...(ruleId === null ? {} : { rule: ruleId }),
      },
    });
    return closure.id;
  }

  /** Closes a date (or one meal of it) and extends the subscriptions it takes a day from. */
  async function close(owner: User, input: NewClosedDay): Promise<ClosedDayOutcome> {
    const reason = input.reason.trim();
    let created: { id: number } | { replayOf: { id: number; reason: string } };
    try {
      created = await db.transaction().execute(async (trx) => {
        // The date's closures in one read: on PostgreSQL each statement sees what had committed
        // when it began, so asking for the same closure and for the others apart could miss a
        // concurrent twin in the first and find it in the second (an "overlap" with itself).
        const scheduled = await scheduledMealsOf(trx, input.date);
        const existing = scheduled.find((one) => one.meal === input.meal);
        if (existing) return { replayOf: existing };
        const settings = await readSettings(trx);
        const problems = closedDayProblems({
          date: input.date,
          meal: input.meal,
          now: nowIso(deps),
          settings,
          timeZone: zone,
          scheduled,
        });
        if (problems.length > 0) throw refusalsError(problems);
        return { id: await insertClosure(trx, { by: owner, audit: owner }, input, null) };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent request closed the same date and meal first: this is that closure.
      const existing = await scheduledOf(db, input.date, input.meal);
      if (!existing) {
        // Or one that overlaps it (the whole day, or a meal of it) claimed its meals first.
        const clash = closedDayClash(input.meal, await scheduledMealsOf(db, input.date));
        if (clash) throw refusalError(clash);
        throw error;
      }
      created = { replayOf: existing };
    }
    if ('replayOf' in created) {
      const closure = await replay(created.replayOf, reason);
      return { closure, replayed: true, notify: () => notices.closed(closure) };
    }
    const first = await settled(created.id);
    await run(first.extend_batch_id);
    const closure = await settled(created.id);
    return { closure, replayed: false, notify: () => notices.closed(closure) };
  }

  /**
   * Inside the caller's transaction: opens `row` again if its machine allows it (before it locks),
   * withdraws the extensions still waiting and lists those made, to move them back (run()).
   * Answers whether it was removed now, or the refusal (removed already: `closed_day.already_removed`).
   */
  async function removeIn(
    trx: Executor,
    owner: User,
    row: ClosedDay,
  ): Promise<{ readonly ok: true } | Refused> {
    const settings = await readSettings(trx);
    const locksAt = closedDayLocksAt(settings, row.closed_date, row.meal, zone);
    const decision = decide(
      closedDayMachine,
      closedDayFromApi({ status: row.status, locks_at: locksAt }, nowIso(deps)),
      { type: 'closed_day.remove' },
    );
    if (!decision.ok) return decision;
    const id = row.id;
    const at = nowIso(deps);
    const removed = await trx
      .updateTable('closed_days')
      .set({
        status: decision.next as ClosedDayRow['status'],
        removed_at: at,
        removed_by: owner.id,
        removed_by_username: owner.username,
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirst();
    if (!removed) return { ok: false, ...refusal('closed_day.already_removed') };
    // Its meals are free to close again.
    await trx.deleteFrom('closed_day_meals').where('closed_day_id', '=', id).execute();
    let targets: number[] = [];
    if (row.extend_batch_id !== null) {
      // Extensions still waiting are not made; one being made now is waited for, then read.
      await adjustments.withdrawPending(trx, row.extend_batch_id, 'closed_day.already_removed');
      targets = await adjustments.movedBy(trx, row.extend_batch_id);
    }
    const batch = await adjustments.list(trx, owner, {
      operationKey: `closed-day:${id}:reverse`,
      days: -1,
      reason: `Kitchen open again on ${row.closed_date} (${mealLabel(row.meal)}): ${row.reason}`,
      targets,
    });
    await trx
      .updateTable('closed_days')
      .set({ reverse_batch_id: batch.id })
      .where('id', '=', id)
      .execute();
    await recordAudit(deps, trx, {
      actor: owner,
      action: 'closed_day.remove',
      objectType: 'closed_day',
      objectId: id,
      summary: {
        key: 'audit.summary.closed_day.remove',
        values: {
          date: { date: row.closed_date },
          meal: row.meal ?? 'day',
          count: targets.length,
          reason: row.reason,
        },
      },
      before: { status: row.status },
      after: { status: removed.status, subscriptions: targets.length },
    });
    return { ok: true };
  }

  /** Opens the kitchen again, before the closure locks, and moves its extensions back. */
  async function remove(owner: User, id: number): Promise<ClosedDayOutcome> {
    const replayed = await db.transaction().execute(async (trx) => {
      const row = await found(
        trx.selectFrom('closed_days').selectAll().where('id', '=', id).executeTakeFirst(),
      );
      const outcome = await removeIn(trx, owner, row);
      // Removed already (a doubled click, a retry): answered as it stands, its reversal finished.
      if (!outcome.ok && outcome.code === 'closed_day.already_removed') return true;
      if (!outcome.ok) throw refusalError(outcome);
      return false;
    });
    const before = await settled(id);
    await run(before.reverse_batch_id);
    const closure = await settled(id);
    return { closure, replayed, notify: () => notices.removed(closure) };
  }

  /**
   * Inside the rule store's transaction, which holds the rule: closes `date` (or its `meal`) as the
   * rule says, unless the rule closed it before, a meal of it is closed already, or its first
   * cutoff has passed. A concurrent closure of the same meals makes this fail on a unique index:
   * the rule store then tries again and finds it.
   */
  async function closeForRule(
    trx: Executor,
    rule: RuleOfClosure,
    date: string,
    meal: Meal | null,
    actor: User | null,
  ): Promise<RuleDateOutcome> {
    const before = await trx
      .selectFrom('closed_days')
      .select('id')
      .where('rule_id', '=', rule.id)
      .where('closed_date', '=', date)
      .where((eb) => (meal === null ? eb('meal', 'is', null) : eb('meal', '=', meal)))
      .executeTakeFirst();
    if (before) return { kind: 'made_before', id: before.id };
    const scheduled = await scheduledMealsOf(trx, date);
    if (closedDayClash(meal, scheduled)) return { kind: 'taken' };
    const problems = closedDayProblems({
      date,
      meal,
      now: nowIso(deps),
      settings: await readSettings(trx),
      timeZone: zone,
      scheduled,
    });
    if (problems.length > 0) return { kind: 'too_late' };
    const by = actor ?? { id: rule.created_by, username: rule.created_by_username };
    const input = { date, meal, reason: rule.reason };
    return { kind: 'made', id: await insertClosure(trx, { by, audit: actor }, input, rule.id) };
  }

  /**
   * Inside the rule store's transaction, as the rule is withdrawn: opens again each date it closed
   * that has not locked yet. Answers the closures opened again and how many stand (locked).
   */
  async function reopenForRule(trx: Executor, owner: User, ruleId: number) {
    const rows = await trx
      .selectFrom('closed_days')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .where('status', '=', 'SCHEDULED')
      .orderBy('closed_date')
      .orderBy('id')
      .execute();
    const reopened: number[] = [];
    for (const row of rows) {
      if ((await removeIn(trx, owner, row)).ok) reopened.push(row.id);
    }
    return { reopened, kept: rows.length - reopened.length };
  }

  /**
   * A closure's extensions (and, once removed, their reversal) applied, whatever a failure or a
   * concurrent request left waiting, and the notice of what it is now.
   */
  async function finish(id: number): Promise<FinishedClosure> {
    const row = await settled(id);
    await run(row.extend_batch_id);
    await run(row.reverse_batch_id);
    const closure = await settled(id);
    return {
      closure,
      notify: () =>
        closure.status === 'REMOVED' ? notices.removed(closure) : notices.closed(closure),
    };
  }

  return { close, remove, closeForRule, reopenForRule, finish };
}

export type ClosedDayStore = ReturnType<typeof createClosedDayStore>;
