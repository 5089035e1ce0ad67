// The menu's store: the only code that writes the weekday pattern, the date changes and a
// customer's diet. Each owner change commits with its audit entry in one transaction, as the plans'
// store does, so the audit log never shows a change that did not happen, or misses one.
import type { Diet, Dish, MenuMeal, Weekday } from '@machines/menu';
import type { User } from '@server/platform/db/schema.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import { parseDishes } from './menu.read.js';

/** "Dal (veg), Rice (veg)", or "nothing" for an empty meal: the audit summary's words. */
const dishList = (dishes: readonly Dish[]) =>
  dishes.length === 0 ? 'nothing' : dishes.map((dish) => `${dish.name} (${dish.mark})`).join(', ');

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function createMenuStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** The usual dishes of `meal` on every `weekday`. */
  async function setWeekday(
    owner: User,
    weekday: Weekday,
    meal: MenuMeal,
    dishes: readonly Dish[],
  ): Promise<void> {
    const at = nowIso(deps);
    const stored = JSON.stringify(dishes);
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('menu_week')
        .select('dishes')
        .where('weekday', '=', weekday)
        .where('meal', '=', meal)
        .executeTakeFirst();
      await trx
        .insertInto('menu_week')
        .values({ weekday, meal, dishes: stored, updated_at: at })
        .onConflict((conflict) =>
          conflict.columns(['weekday', 'meal']).doUpdateSet({ dishes: stored, updated_at: at }),
        )
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'menu.set_weekday',
        objectType: 'menu',
        objectId: null,
        summary: `Set ${capitalised(weekday)}'s ${meal}: ${dishList(dishes)}.`,
        before: before ? { weekday, meal, dishes: parseDishes(before.dishes) } : null,
        after: { weekday, meal, dishes },
      });
    });
  }

  /** What `meal` serves on `date`, instead of the weekday's dishes. */
  async function setDate(
    owner: User,
    date: string,
    meal: MenuMeal,
    dishes: readonly Dish[],
  ): Promise<void> {
    const at = nowIso(deps);
    const stored = JSON.stringify(dishes);
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('menu_dates')
        .select('dishes')
        .where('date', '=', date)
        .where('meal', '=', meal)
        .executeTakeFirst();
      await trx
        .insertInto('menu_dates')
        .values({ date, meal, dishes: stored, updated_at: at })
        .onConflict((conflict) =>
          conflict.columns(['date', 'meal']).doUpdateSet({ dishes: stored, updated_at: at }),
        )
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'menu.set_date',
        objectType: 'menu',
        objectId: null,
        summary: `Changed the ${meal} of ${date}: ${dishList(dishes)}.`,
        before: before ? { date, meal, dishes: parseDishes(before.dishes) } : null,
        after: { date, meal, dishes },
      });
    });
  }

  /** Removes the change of `date`'s `meal`; false when there was none. */
  async function clearDate(owner: User, date: string, meal: MenuMeal): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('menu_dates')
        .where('date', '=', date)
        .where('meal', '=', meal)
        .returning('dishes')
        .executeTakeFirst();
      if (!removed) return false;
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'menu.clear_date',
        objectType: 'menu',
        objectId: null,
        summary: `Cleared the change to the ${meal} of ${date}: the weekday's dishes apply again.`,
        before: { date, meal, dishes: parseDishes(removed.dishes) },
        after: null,
      });
      return true;
    });
  }

  /** The customer's own diet: theirs to say, so not audited (as their language is not). */
  async function setDiet(user: User, diet: Diet | null): Promise<User> {
    return db
      .updateTable('users')
      .set({ diet, updated_at: nowIso(deps) })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return { setWeekday, setDate, clearDate, setDiet };
}
