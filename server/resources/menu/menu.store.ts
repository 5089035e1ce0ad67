// The menu's store: the only code that writes the weekday pattern, the date changes and a
// customer's diet. Each owner change commits with its audit entry in one transaction, as the plans'
// store does, so the audit log never shows a change that did not happen, or misses one.
import {
  MENU_MEALS,
  sameDishes,
  WEEKDAYS,
  type Diet,
  type Dish,
  type MenuMeal,
  type Weekday,
  type WeekMenu,
} from '@machines/menu';
import type { User } from '@server/platform/db/schema.js';
import { recordAudit, type AuditSummary, type AuditValue } from '@server/lifecycles/audit.js';
import { nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import { parseDishes } from './menu.read.js';

/** "Dal, Rice" (each dish's Hindi name for readers of Hindi), or "nothing": the audit's words. */
const dishList = (dishes: readonly Dish[]): AuditValue =>
  dishes.length === 0
    ? { message: 'audit.part.no_dishes' }
    : { list: dishes.map((dish) => ({ text: { en: dish.name, hi: dish.name_hi } })) };

export function createMenuStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /**
   * Writes the dishes of `meal` where `slot` keeps them (a weekday of the pattern, or a date's
   * change), with its audit entry, in one transaction.
   */
  async function setDishes(
    owner: User,
    slot: { table: 'menu_week'; weekday: Weekday } | { table: 'menu_dates'; date: string },
    meal: MenuMeal,
    dishes: readonly Dish[],
    audit: { action: string; summary: AuditSummary },
  ): Promise<void> {
    const at = nowIso(deps);
    const stored = JSON.stringify(dishes);
    const key = slot.table === 'menu_week' ? { weekday: slot.weekday } : { date: slot.date };
    const column = slot.table === 'menu_week' ? 'weekday' : 'date';
    const day = slot.table === 'menu_week' ? slot.weekday : slot.date;
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom(slot.table)
        .select('dishes')
        .where(column, '=', day)
        .where('meal', '=', meal)
        .executeTakeFirst();
      await trx
        .insertInto(slot.table)
        .values({ ...key, meal, dishes: stored, updated_at: at })
        .onConflict((conflict) =>
          conflict.columns([column, 'meal']).doUpdateSet({ dishes: stored, updated_at: at }),
        )
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: audit.action,
        objectType: 'menu',
        objectId: null,
        summary: audit.summary,
        before: before ? { ...key, meal, dishes: parseDishes(before.dishes) } : null,
        after: { ...key, meal, dishes },
      });
    });
  }

  /** The usual dishes of `meal` on every `weekday`. */
  const setWeekday = (owner: User, weekday: Weekday, meal: MenuMeal, dishes: readonly Dish[]) =>
    setDishes(owner, { table: 'menu_week', weekday }, meal, dishes, {
      action: 'menu.set_weekday',
      summary: {
        key: 'audit.summary.menu.set_weekday',
        values: { weekday, meal, dishes: dishList(dishes) },
      },
    });

  /**
   * The whole weekday pattern in one save: the meals that differ from what is stored are written
   * in one transaction with one audit entry holding each of them before and after; a meal equal to
   * the stored one (or empty where nothing was set) is left alone. Answers how many meals changed.
   */
  async function setWeek(owner: User, week: WeekMenu): Promise<number> {
    const at = nowIso(deps);
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('menu_week')
        .select(['weekday', 'meal', 'dishes'])
        .execute();
      const stored = new Map(rows.map((row) => [`${row.weekday}:${row.meal}`, row.dishes]));
      const before: Partial<Record<Weekday, Partial<Record<MenuMeal, Dish[] | null>>>> = {};
      const after: Partial<Record<Weekday, Partial<Record<MenuMeal, readonly Dish[]>>>> = {};
      const changed: AuditValue[] = [];
      for (const weekday of WEEKDAYS) {
        for (const meal of MENU_MEALS) {
          const dishes = week[weekday][meal];
          const text = stored.get(`${weekday}:${meal}`);
          const was = text === undefined ? null : parseDishes(text);
          if (was === null ? dishes.length === 0 : sameDishes(was, dishes)) continue;
          const json = JSON.stringify(dishes);
          await trx
            .insertInto('menu_week')
            .values({ weekday, meal, dishes: json, updated_at: at })
            .onConflict((conflict) =>
              conflict.columns(['weekday', 'meal']).doUpdateSet({ dishes: json, updated_at: at }),
            )
            .execute();
          (before[weekday] ??= {})[meal] = was;
          (after[weekday] ??= {})[meal] = dishes;
          changed.push({ message: 'audit.part.menu_meal', values: { weekday, meal } });
        }
      }
      if (changed.length > 0) {
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'menu.set_week',
          objectType: 'menu',
          objectId: null,
          summary: {
            key: 'audit.summary.menu.set_week',
            values: { count: changed.length, meals: { list: changed } },
          },
          before,
          after,
        });
      }
      return changed.length;
    });
  }

  /** What `meal` serves on `date`, instead of the weekday's dishes. */
  const setDate = (owner: User, date: string, meal: MenuMeal, dishes: readonly Dish[]) =>
    setDishes(owner, { table: 'menu_dates', date }, meal, dishes, {
      action: 'menu.set_date',
      summary: {
        key: 'audit.summary.menu.set_date',
        values: { date: { date }, meal, dishes: dishList(dishes) },
      },
    });

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
        summary: { key: 'audit.summary.menu.clear_date', values: { date: { date }, meal } },
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

  return { setWeekday, setWeek, setDate, clearDate, setDiet };
}
