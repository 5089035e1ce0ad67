// The kitchen sheet's locks (issue 20): at a meal's cutoff its count for the date is stored, once,
// and never recomputed; the sheet then shows the live count's difference and names who came or
// went after the lock. The scheduler's job locks every meal whose cutoff has passed, and any read
// of the sheet that finds a due meal unlocked locks it itself: the insert does nothing when a row
// is there, so of many instances racing the first writer wins and everyone reads its row.
import { holdPolicyOf } from '@machines/dues';
import { isLateLock, isPastCutoff, LOCK_DAYS_AHEAD, type KitchenMealLock } from '@machines/kitchen';
import { cutoffAt, MEALS, type BusinessSettings, type Meal } from '@machines/settings';
import { addDays, isBefore } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import {
  countsOf,
  dietsOf,
  readDayMeals,
  type ByMeal,
  type CountedSubscription,
  type DayFilter,
  type DietCounts,
  type HoldState,
} from './day-meals.js';

type LockContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'today'>;

type LockRow = Database['kitchen_locks'];

/**
 * The locks of `date`, after locking every meal of it whose cutoff has passed and that has none:
 * from today on only, since a past date's subscriptions are no longer what they were. `locked_at`
 * is when the row is really written, late if nothing ran at the cutoff.
 */
export async function ensureLocks(
  ctx: LockContext,
  date: string,
): Promise<{ settings: BusinessSettings; rows: Map<Meal, LockRow>; lockedNow: number }> {
  const db = ctx.db.kysely;
  const readRows = async () =>
    new Map(
      (
        await db.selectFrom('kitchen_locks').selectAll().where('meal_date', '=', date).execute()
      ).map((row) => [row.meal, row] as const),
    );
  const [settings, rows] = await Promise.all([readSettings(db), readRows()]);
  if (isBefore(date, ctx.today())) return { settings, rows, lockedNow: 0 };
  const now = ctx.clock.now().toISOString();
  const zone = ctx.config.businessTz;
  const due = MEALS.filter(
    (meal) => !rows.has(meal) && isPastCutoff(now, cutoffAt(settings, meal, date, zone)),
  );
  if (due.length === 0) return { settings, rows, lockedNow: 0 };
  // The meals locking now are the held customers' next cutoff: the hold takes them off.
  const { served: counted } = await readDayMeals(ctx, date, { settings, locking: true });
  const [counts, diets] = [countsOf(counted), dietsOf(counted)];
  const inserted = await db
    .insertInto('kitchen_locks')
    .values(
      due.map((meal) => {
        return {
          meal_date: date,
          meal,
          mess_count: counts.mess[meal],
          tiffin_count: counts.tiffin[meal],
          diets: JSON.stringify(diets[meal]),
          subscription_ids: JSON.stringify(counted[meal].map((one) => one.subscription_id)),
          cutoff_at: cutoffAt(settings, meal, date, zone),
          locked_at: now,
        };
      }),
    )
    .onConflict((conflict) => conflict.columns(['meal_date', 'meal']).doNothing())
    .returning('meal')
    .execute();
  return { settings, rows: await readRows(), lockedNow: inserted.length };
}

/** Every meal from today to the last date a cutoff can have passed for, locked when due. */
export async function lockDueMeals(ctx: LockContext): Promise<number> {
  const today = ctx.today();
  let locked = 0;
  for (let days = 0; days <= LOCK_DAYS_AHEAD; days += 1) {
    locked += (await ensureLocks(ctx, addDays(today, days))).lockedNow;
  }
  return locked;
}

/**
 * Which meals' cutoffs have passed, from today on: the lock job's run key, so the scheduler runs
 * it once each time another cutoff passes (or the owner moves one into the past).
 */
export async function dueMealsKey(ctx: LockContext): Promise<string> {
  const settings = await readSettings(ctx.db.kysely);
  const today = ctx.today();
  const now = ctx.clock.now().toISOString();
  let flags = '';
  for (let days = 0; days <= LOCK_DAYS_AHEAD; days += 1) {
    for (const meal of MEALS) {
      const cutoff = cutoffAt(settings, meal, addDays(today, days), ctx.config.businessTz);
      flags += isPastCutoff(now, cutoff) ? '1' : '0';
    }
  }
  return `${today}/${flags}`;
}

/**
 * The sheet's `locks`: per meal the stored count beside the live one (`counts`), and, once
 * locked, who is counted now and was not at the lock, and who was and is not.
 */
export async function sheetLocks(
  ctx: LockContext,
  date: string,
  locks: Awaited<ReturnType<typeof ensureLocks>>,
  live: ByMeal<CountedSubscription>,
): Promise<Record<Meal, KitchenMealLock>> {
  const db = ctx.db.kysely;
  const counts = countsOf(live);
  const stored = new Map(
    [...locks.rows].map(([meal, row]) => [meal, JSON.parse(row.subscription_ids) as number[]]),
  );
  // The customers counted at a lock and not now, named from their subscriptions.
  const goneIds = [
    ...new Set(
      MEALS.flatMap((meal) => {
        const now = new Set(live[meal].map((one) => one.subscription_id));
        return (stored.get(meal) ?? []).filter((id) => !now.has(id));
      }),
    ),
  ];
  const gone =
    goneIds.length === 0
      ? new Map<number, KitchenMealLock['removed'][number]>()
      : new Map(
          (
            await db
              .selectFrom('subscriptions as s')
              .innerJoin('users as u', 'u.id', 's.user_id')
              .where('s.id', 'in', goneIds)
              .select([
                's.id as subscription_id',
                'u.id as user_id',
                'u.first_name',
                'u.last_name',
                'u.username',
                's.subscription_type as service_type',
              ])
              .execute()
          ).map((row) => [
            row.subscription_id,
            {
              subscription_id: row.subscription_id,
              user_id: row.user_id,
              name: fullName(row) || row.username,
              service_type: row.service_type as 'mess' | 'tiffin',
            },
          ]),
        );
  const change = (one: CountedSubscription) => ({
    subscription_id: one.subscription_id,
    user_id: one.user_id,
    name: one.name,
    service_type: one.service_type,
  });
  const entry = (meal: Meal): KitchenMealLock => {
    const liveCount = counts.mess[meal] + counts.tiffin[meal];
    const row = locks.rows.get(meal);
    if (!row) {
      return {
        locks_at: cutoffAt(locks.settings, meal, date, ctx.config.businessTz),
        locked: null,
        live: liveCount,
        difference: null,
        added: [],
        removed: [],
      };
    }
    const lockedIds = new Set(stored.get(meal));
    const nowCounted = live[meal];
    const nowIds = new Set(nowCounted.map((one) => one.subscription_id));
    const count = row.mess_count + row.tiffin_count;
    return {
      locks_at: row.cutoff_at,
      locked: {
        count,
        counts: { mess: row.mess_count, tiffin: row.tiffin_count },
        diets: JSON.parse(row.diets) as DietCounts,
        at: row.locked_at,
        cutoff_at: row.cutoff_at,
        late: isLateLock(row.cutoff_at, row.locked_at),
      },
      live: liveCount,
      difference: liveCount - count,
      added: nowCounted.filter((one) => !lockedIds.has(one.subscription_id)).map(change),
      removed: [...lockedIds]
        .filter((id) => !nowIds.has(id))
        .flatMap((id) => {
          const named = gone.get(id);
          return named ? [named] : [];
        }),
    };
  };
  return { breakfast: entry('breakfast'), lunch: entry('lunch'), dinner: entry('dinner') };
}

/**
 * What the dues hold of `date` reads: the settings and, with the hold on, the locks (due meals
 * locked first), since the hold keeps whom a lock counted.
 */
export async function kitchenHold(ctx: LockContext, date: string): Promise<HoldState> {
  const settings = await readSettings(ctx.db.kysely);
  return holdPolicyOf(settings.payments).enabled
    ? ensureLocks(ctx, date)
    : { settings, rows: new Map() };
}

/** The day's meals of `date` as the kitchen cooks them (of `filter`'s customers). */
export async function kitchenDayMeals(ctx: LockContext, date: string, filter: DayFilter = {}) {
  return readDayMeals(ctx, date, await kitchenHold(ctx, date), filter);
}
