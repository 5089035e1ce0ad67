// Meal skips: a customer takes one meal of a date off, or puts it back, until its cutoff; and the
// customer's next meals with their cutoffs. The meal-skip store decides and writes every change.
import { addDays } from '@machines/shared';
import { cutoffAt, MEALS, type Meal } from '@machines/settings';
import { isBeforeCutoff } from '@machines/meal-skip';
import type { AppContext } from '@server/context.js';
import { refusalField } from '@server/errors.js';
import { requireCustomer, requireUser, type Handlers, actsForBusiness } from '@server/http.js';
import { parseMeals } from '@server/platform/format.js';
import { page } from '@server/platform/paging.js';
import type { MealSkip } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { closedMealsOn } from '@server/lifecycles/closed-day/closed-day.read.js';
import { daySubscriptions } from '@server/lifecycles/kitchen/day-meals.js';
import { mealSkipBody } from './meal-skip.serializer.js';

const mealOrder = (meal: Meal) => MEALS.indexOf(meal);

export function mealSkipHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { mealSkips } = ctx.stores;
  const zone = ctx.config.businessTz;

  return {
    async listMealSkips(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      if (query.date_from && query.date_to && query.date_to < query.date_from) {
        throw refusalField('date_to', 'invalid_date_range');
      }
      let base = db.selectFrom('meal_skips').selectAll();
      if (!actsForBusiness(user)) base = base.where('user_id', '=', user.id);
      else if (query.user !== undefined) base = base.where('user_id', '=', query.user);
      if (query.date_from) base = base.where('meal_date', '>=', query.date_from);
      if (query.date_to) base = base.where('meal_date', '<=', query.date_to);
      const rows = (await page(base, reply, query, (ordered) =>
        ordered.orderBy('meal_date', 'desc').orderBy('id', 'desc'),
      )) as MealSkip[];
      const settings = await readSettings(db);
      return rows.map((row) =>
        mealSkipBody(row, cutoffAt(settings, row.meal, row.meal_date, zone)),
      );
    },

    async skipMeal(request, reply) {
      const user = requireCustomer(request);
      const { row, cutoffAt: cutoff } = await mealSkips.skip(user, {
        subscription: request.body.subscription,
        date: request.body.meal_date,
        meal: request.body.meal,
      });
      return reply.code(201).send(mealSkipBody(row, cutoff));
    },

    async undoMealSkip(request) {
      const user = requireCustomer(request);
      const { row, cutoffAt: cutoff } = await mealSkips.undo(user, request.params.id);
      return mealSkipBody(row, cutoff);
    },

    async listUpcomingMeals(request) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const dates = [today, addDays(today, 1)];
      const [settings, days, skips, leaves, closures] = await Promise.all([
        readSettings(db),
        // Each date's subscriptions as the day's meals read them (the kitchen's one query).
        Promise.all(
          dates.map((date) =>
            daySubscriptions(db, date, { onlyUsers: [user.id] })
              .orderBy('s.id')
              .execute(),
          ),
        ),
        db
          .selectFrom('meal_skips')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('meal_date', 'in', dates)
          .execute(),
        db
          .selectFrom('leaves')
          .select(['id', 'status', 'subscription_id', 'leave_start_date', 'leave_end_date'])
          .where('user_id', '=', user.id)
          .where('status', 'in', ['PENDING', 'APPROVED'])
          .where('leave_end_date', '>=', today)
          .where('leave_start_date', '<=', dates[1]!)
          .execute(),
        closedMealsOn(db, dates),
      ]);
      const now = ctx.clock.now().toISOString();
      const meals = [];
      for (const [index, date] of dates.entries()) {
        for (const subscription of days[index]!) {
          const leave =
            leaves.find(
              (candidate) =>
                candidate.subscription_id === subscription.subscription_id &&
                candidate.leave_start_date <= date &&
                candidate.leave_end_date >= date,
            ) ?? null;
          for (const meal of parseMeals(subscription.meals)) {
            const cutoff = cutoffAt(settings, meal, date, zone);
            const skip = skips.find(
              (row) =>
                row.subscription_id === subscription.subscription_id &&
                row.meal_date === date &&
                row.meal === meal,
            );
            const closed = closures.get(date)?.[meal] ?? null;
            meals.push({
              subscription: subscription.subscription_id,
              plan_name: subscription.plan_name,
              plan_name_hi: subscription.plan_name_hi,
              meal_date: date,
              meal,
              cutoff_at: cutoff,
              // A closed meal is off for everyone: nothing to skip or put back.
              open: closed === null && settings.skips_enabled && isBeforeCutoff(now, cutoff),
              closed,
              skip: skip ? mealSkipBody(skip, cutoff) : null,
              leave: leave
                ? { id: leave.id, status: leave.status as 'PENDING' | 'APPROVED' }
                : null,
            });
          }
        }
      }
      return meals.sort(
        (a, b) =>
          a.meal_date.localeCompare(b.meal_date) ||
          mealOrder(a.meal) - mealOrder(b.meal) ||
          a.subscription - b.subscription,
      );
    },
  } satisfies Partial<Handlers>;
}
