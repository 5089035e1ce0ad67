// The meal skips' store: the only code that writes a skip's status. The rules for a new skip
// (machines/meal-skip mealSkipProblems) and the machine for an existing one decide, against the
// settings and the clock of the moment, inside one transaction; a conditional write makes a burst
// of requests for one meal count it once. With the owner's skip_credit `day`, a date whose every
// meal is skipped extends the subscription by a day (settleCredit), exactly once.
import {
  closedRefusal,
  mealSkipFromApi,
  mealSkipMachine,
  mealSkipProblems,
  type MealSkipEvent,
} from '@machines/meal-skip';
import { cutoffAt, type BusinessSettings, type Meal } from '@machines/settings';
import { decide, formatDayMonth, refusal } from '@machines/shared';
import { ApiError, refusalError, refusalField, refusalsError, found } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { parseMeals } from '@server/platform/format.js';
import type { MealSkip, User } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { SubscriptionStore } from '@server/lifecycles/subscription/subscription.store.js';
import {
  ownSubscriptionMeals,
  subscriptionsWithPlans,
} from '@server/lifecycles/subscription/subscription.read.js';

export interface NewMealSkip {
  subscription: number;
  date: string;
  meal: Meal;
}

export type MealSkipStore = ReturnType<typeof createMealSkipStore>;

export function createMealSkipStore(deps: StoreDeps, subscriptions: SubscriptionStore) {
  const db = deps.db.kysely;
  const zone = deps.config.businessTz;

  /** Holds the subscription's row until the transaction ends (SQLite: one writer already). */
  async function lockSubscription(trx: Executor, subscriptionId: number): Promise<void> {
    if (deps.db.dialect !== 'postgres') return;
    await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', subscriptionId)
      .forUpdate()
      .execute();
  }

  /**
   * An approved leave that extends the subscription covers its dates' days itself: the days its
   * dates earned by being skipped whole are taken back, in the approval's transaction, so a day
   * away earns one day, not two. Kept when the subscription machine will not take them back.
   */
  async function withdrawCredits(
    trx: Executor,
    subscriptionId: number,
    startDate: string,
    endDate: string,
  ): Promise<void> {
    await lockSubscription(trx, subscriptionId);
    const credited = await trx
      .selectFrom('meal_skip_credits')
      .select('meal_date')
      .where('subscription_id', '=', subscriptionId)
      .where('meal_date', '>=', startDate)
      .where('meal_date', '<=', endDate)
      .execute();
    if (credited.length === 0) return;
    await takeBack(
      trx,
      subscriptionId,
      { from: startDate, to: endDate, days: credited.length },
      `Leave from ${formatDayMonth(startDate)} covers days of skipped meals.`,
    );
  }

  /**
   * Moves the end date back by the `days` credited from `from` to `to` and drops their credit
   * rows. The subscription machine may refuse (the subscription was cancelled, or the owner has
   * since shortened it): then the days stay given, and their rows say so.
   */
  async function takeBack(
    trx: Executor,
    subscriptionId: number,
    credits: { from: string; to: string; days: number },
    reason: string,
  ): Promise<void> {
    try {
      await subscriptions.moveEndDate(trx, subscriptionId, {
        type: 'subscription.adjust',
        days: -credits.days,
        reason,
        today: deps.today(),
      });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) return;
      throw error;
    }
    await trx
      .deleteFrom('meal_skip_credits')
      .where('subscription_id', '=', subscriptionId)
      .where('meal_date', '>=', credits.from)
      .where('meal_date', '<=', credits.to)
      .execute();
  }

  /**
   * Gives or takes back the day a date of skipped meals earns, after a skip or an undo of it, in
   * the same transaction. The subscription's row is locked first (PostgreSQL; SQLite runs one
   * writer at a time), so of a burst of skips and undos on one date each settles after the one
   * before has committed, and the last one sees the date as it ends up: the credit row exists
   * exactly while every meal is skipped. A day is given only while the setting is on; one given
   * is taken back by an undo even after the owner turns it off.
   */
  async function settleCredit(
    trx: Executor,
    settings: BusinessSettings,
    subscriptionId: number,
    date: string,
  ): Promise<void> {
    await lockSubscription(trx, subscriptionId);
    const credit = await trx
      .selectFrom('meal_skip_credits')
      .select('meal_date')
      .where('subscription_id', '=', subscriptionId)
      .where('meal_date', '=', date)
      .executeTakeFirst();
    if (!credit && settings.skip_credit !== 'day') return;
    const plan = await subscriptionsWithPlans(trx)
      .select('p.included_meals')
      .where('s.id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const meals = parseMeals(plan.included_meals);
    const skipped = await trx
      .selectFrom('meal_skips')
      .select('meal')
      .where('subscription_id', '=', subscriptionId)
      .where('meal_date', '=', date)
      .where('status', '=', 'SKIPPED')
      .execute();
    const wholeDay =
      meals.length > 0 && meals.every((meal) => skipped.some((row) => row.meal === meal));
    if (wholeDay === (credit !== undefined)) return;
    if (!wholeDay) {
      await takeBack(
        trx,
        subscriptionId,
        { from: date, to: date, days: 1 },
        `A meal of ${formatDayMonth(date)} put back.`,
      );
      return;
    }
    await subscriptions.moveEndDate(trx, subscriptionId, {
      type: 'subscription.adjust',
      days: 1,
      reason: `Every meal of ${formatDayMonth(date)} skipped.`,
      today: deps.today(),
    });
    await trx
      .insertInto('meal_skip_credits')
      .values({ subscription_id: subscriptionId, meal_date: date, created_at: nowIso(deps) })
      .execute();
  }

  const findSkip = (trx: Executor, subscription: number, date: string, meal: Meal) =>
    trx
      .selectFrom('meal_skips')
      .selectAll()
      .where('subscription_id', '=', subscription)
      .where('meal_date', '=', date)
      .where('meal', '=', meal)
      .executeTakeFirst();

  /**
   * Moves `row` by `event` if the machine allows it now; a refusal by the cutoff names it. The
   * write is conditional on the status read, so of two requests racing only one moves the row.
   */
  async function transition(
    trx: Executor,
    row: MealSkip,
    event: MealSkipEvent,
  ): Promise<{ row: MealSkip; cutoffAt: string }> {
    const settings = await readSettings(trx);
    const cutoff = cutoffAt(settings, row.meal, row.meal_date, zone);
    const now = nowIso(deps);
    const decision = decide(
      mealSkipMachine,
      mealSkipFromApi({ status: row.status, cutoff_at: cutoff }, now),
      event,
    );
    if (!decision.ok) {
      throw refusalError(
        decision.code === 'meal_skip.closed'
          ? closedRefusal(settings, row.meal, row.meal_date)
          : decision,
      );
    }
    const updated = await trx
      .updateTable('meal_skips')
      .set({ status: decision.next as MealSkip['status'], updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated)
      throw refusalError(
        refusal(
          event.type === 'meal_skip.skip' ? 'meal_skip.already_skipped' : 'meal_skip.not_skipped',
        ),
      );
    await settleCredit(trx, settings, updated.subscription_id, updated.meal_date);
    return { row: updated, cutoffAt: cutoff };
  }

  /**
   * The customer's confirmation of a skip, after it commits: by WhatsApp (template meal_skipped)
   * with their consent, else by SMS, with the e-mail as every notice. One per skip row and time it
   * was skipped (a skip, undo and skip again confirms again), and at most one an hour per meal, so
   * a skip-undo loop cannot spend the owner's message budget.
   */
  async function notifySkipped(row: MealSkip) {
    await notifyCustomer(deps, row.user_id, (l) => {
      const meal = l.t('notice.meal_skipped.meal', { meal: row.meal });
      const date = l.date(row.meal_date);
      const text = l.t('notice.meal_skipped.text', { meal, date });
      return {
        type: 'meal_skipped',
        subject: l.t('notice.meal_skipped.subject', { meal, date }),
        text,
        sms: l.t('notice.sms_from_dabba', { text }),
        dedupeKey: `meal_skipped:${row.id}:${row.updated_at}`,
        throttle: `meal_skip:${row.id}`,
        whatsapp: {
          template: 'meal_skipped' as const,
          parameters: [deps.config.business.name, meal, date],
        },
      };
    });
  }

  /** Skips a meal of the customer's subscription (or skips it again after an undo). */
  async function skip(
    user: User,
    input: NewMealSkip,
  ): Promise<{ row: MealSkip; cutoffAt: string }> {
    const skipped = await skipInTransaction(user, input);
    await notifySkipped(skipped.row);
    return skipped;
  }

  async function skipInTransaction(
    user: User,
    input: NewMealSkip,
  ): Promise<{ row: MealSkip; cutoffAt: string }> {
    try {
      return await db.transaction().execute(async (trx) => {
        const subscription = await ownSubscriptionMeals(trx, user.id, input.subscription);
        if (!subscription) throw refusalField('subscription', 'meal_skip.subscription_not_found');
        const settings = await readSettings(trx);
        const cutoff = cutoffAt(settings, input.meal, input.date, zone);
        const leave = await trx
          .selectFrom('leaves')
          .select('id')
          .where('subscription_id', '=', subscription.id)
          .where('status', '=', 'APPROVED')
          .where('leave_start_date', '<=', input.date)
          .where('leave_end_date', '>=', input.date)
          .executeTakeFirst();
        const closure = (await closedMealsOfDate(trx, input.date))[input.meal];
        const problems = mealSkipProblems({
          kitchenClosed: closure?.reason ?? null,
          skipsEnabled: settings.skips_enabled,
          subscriptionStatus: subscription.status,
          startDate: subscription.start_date,
          endDate: subscription.adjusted_end_date,
          includedMeals: parseMeals(subscription.included_meals),
          meal: input.meal,
          date: input.date,
          onApprovedLeave: leave !== undefined,
          now: nowIso(deps),
          cutoffAt: cutoff,
          settings,
        });
        if (problems.length > 0) throw refusalsError(problems);
        const existing = await findSkip(trx, subscription.id, input.date, input.meal);
        if (existing) return transition(trx, existing, { type: 'meal_skip.skip' });
        const now = nowIso(deps);
        const row = await trx
          .insertInto('meal_skips')
          .values({
            subscription_id: subscription.id,
            user_id: user.id,
            meal_date: input.date,
            meal: input.meal,
            status: 'SKIPPED',
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await settleCredit(trx, settings, subscription.id, input.date);
        return { row, cutoffAt: cutoff };
      });
    } catch (error) {
      // Another request made the skip between our read and our insert: the meal is skipped once.
      if (isUniqueViolation(error)) throw refusalError(refusal('meal_skip.already_skipped'));
      throw error;
    }
  }

  /** Puts a skipped meal back, until its cutoff. Only the customer's own skip. */
  async function undo(user: User, id: number): Promise<{ row: MealSkip; cutoffAt: string }> {
    return db.transaction().execute(async (trx) => {
      const row = await found(
        trx
          .selectFrom('meal_skips')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', user.id)
          .executeTakeFirst(),
      );
      return transition(trx, row, { type: 'meal_skip.undo' });
    });
  }

  return { skip, undo, withdrawCredits };
}
