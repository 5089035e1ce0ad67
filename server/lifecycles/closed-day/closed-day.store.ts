// The closed days' store: the only code that writes a closure's status. A new closure is judged by
// machines/closed-day's rules and a removal by its machine, against the settings and the clock of
// the moment. Creating one lists, in the same transaction, the subscriptions it gives a day (an
// adjustment batch, lifecycles/subscription/adjustments.store.ts), which then move once each
// through subscription.adjust; removing it withdraws what is still waiting and lists exactly the
// subscriptions that moved, to move them back once each. A doubled request finds the first one's
// closure (the partial unique index of migration 018) and finishes its batch. A closure claims the
// meals it closes (closed_day_meals, migration 036) in the transaction that makes it, so of a whole
// day and a meal of it sent together the database keeps one: the other is refused as overlapping,
// however the two transactions interleave.
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
} from '@machines';
import { sql } from 'kysely';
import { notFound, refusalError, refusalsError } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { parseMeals } from '@server/platform/format.js';
import type { User } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { leaveCovers } from '@server/lifecycles/leave/leave.read.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type {
  AdjustmentBatch,
  AdjustmentBatches,
} from '@server/lifecycles/subscription/adjustments.store.js';
import { readClosedDay, type ClosedDayRow } from './closed-day.read.js';
import { createClosedDayNotices } from './closed-day.notices.js';

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

  /** The meals of the date's SCHEDULED closures (null: the whole day). */
  const scheduledMealsOf = (executor: Executor, date: string) =>
    executor
      .selectFrom('closed_days')
      .select('meal')
      .where('closed_date', '=', date)
      .where('status', '=', 'SCHEDULED')
      .execute();

  /** The subscriptions a closure gives a day: covering the date, not away, every meal closed. */
  async function targetsOf(trx: Executor, date: string, meal: Meal | null): Promise<number[]> {
    const rows = await trx
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
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

  /** Closes a date (or one meal of it) and extends the subscriptions it takes a day from. */
  async function close(owner: User, input: NewClosedDay): Promise<ClosedDayOutcome> {
    const reason = input.reason.trim();
    let created: { id: number } | { replayOf: { id: number; reason: string } };
    try {
      created = await db.transaction().execute(async (trx) => {
        const existing = await scheduledOf(trx, input.date, input.meal);
        if (existing) return { replayOf: existing };
        const settings = await readSettings(trx);
        const scheduled = await scheduledMealsOf(trx, input.date);
        const problems = closedDayProblems({
          date: input.date,
          meal: input.meal,
          now: nowIso(deps),
          settings,
          timeZone: zone,
          scheduled,
        });
        if (problems.length > 0) throw refusalsError(problems);
        const at = nowIso(deps);
        const closure = await trx
          .insertInto('closed_days')
          .values({
            closed_date: input.date,
            meal: input.meal,
            reason,
            status: 'SCHEDULED',
            created_at: at,
            created_by: owner.id,
            created_by_username: owner.username,
            removed_at: null,
            removed_by: null,
            removed_by_username: null,
            extend_batch_id: null,
            reverse_batch_id: null,
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
        const batch = await adjustments.list(trx, owner, {
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
          actor: owner,
          action: 'closed_day.add',
          objectType: 'closed_day',
          objectId: closure.id,
          summary: `Closed ${input.date} (${mealLabel(input.meal)}), extending ${targets.length} subscription${targets.length === 1 ? '' : 's'} by a day: ${reason}`,
          before: null,
          after: {
            date: input.date,
            meal: input.meal,
            reason,
            subscriptions: targets.length,
          },
        });
        return { id: closure.id };
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

  /** Opens the kitchen again, before the closure locks, and moves its extensions back. */
  async function remove(owner: User, id: number): Promise<ClosedDayOutcome> {
    const replayed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('closed_days')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      const settings = await readSettings(trx);
      const locksAt = closedDayLocksAt(settings, row.closed_date, row.meal, zone);
      const decision = decide(
        closedDayMachine,
        closedDayFromApi({ status: row.status, locks_at: locksAt }, nowIso(deps)),
        { type: 'closed_day.remove' },
      );
      // Removed already (a doubled click, a retry): answered as it stands, its reversal finished.
      if (!decision.ok && decision.code === 'closed_day.already_removed') return true;
      if (!decision.ok) throw refusalError(decision);
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
      if (!removed) return true;
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
        summary: `Opened ${row.closed_date} (${mealLabel(row.meal)}) again, moving ${targets.length} subscription${targets.length === 1 ? '' : 's'} back by a day: ${row.reason}`,
        before: { status: row.status },
        after: { status: removed.status, subscriptions: targets.length },
      });
      return false;
    });
    const before = await settled(id);
    await run(before.reverse_batch_id);
    const closure = await settled(id);
    return { closure, replayed, notify: () => notices.removed(closure) };
  }

  return { close, remove };
}
