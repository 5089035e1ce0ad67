// The kitchen sheet's locks (issue 20): at a meal's cutoff its count for the date is stored, once,
// and never recomputed; the sheet then shows the live count's difference and names who came or
// went after the lock. The scheduler's job locks every meal whose cutoff has passed, and any read
// of the sheet that finds a due meal unlocked locks it itself: the insert does nothing when a row
// is there, so of many instances racing the first writer wins and everyone reads its row.
import { sql, type Kysely } from 'kysely';
import { holdPolicyOf } from '@machines/dues';
import {
  holdTakesOff,
  isLateLock,
  isPastCutoff,
  LOCK_DAYS_AHEAD,
  type KitchenMealLock,
} from '@machines/kitchen';
import { DIETS, type Diet } from '@machines/menu';
import { cutoffAt, MEALS, type BusinessSettings, type Meal } from '@machines/settings';
import { addDays, isBefore } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';
import { heldCustomers, type DuesHoldBody } from '@server/lifecycles/ledger/ledger.read.js';
import { skipsCounted } from '@server/lifecycles/meal-skip/meal-skip.read.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import type { DietCounts } from './kitchen.diets.js';
import {
  leaveCovers,
  overlappingCustomers,
  subscriptionsCovering,
  type ServiceMealCounts,
} from './kitchen.query.js';

type LockContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'today'>;

export interface CountedSubscription {
  subscription_id: number;
  user_id: number;
  name: string;
  service_type: 'mess' | 'tiffin';
  diet: Diet | 'unset';
}

type ByMeal<T> = Record<Meal, T[]>;
const byMeals = <T>(): ByMeal<T> => ({ breakfast: [], lunch: [], dinner: [] });

/**
 * Per meal, the subscriptions the sheet counts on `date` (its `counts`, one meal each): covering
 * the date, not on a leave APPROVED for it, the meal in the plan and not skipped; one per customer,
 * service and meal (the lowest id), however many of their rows overlap. One read of the date's
 * subscriptions and one of its skips, so a lock's counts, diets and names agree.
 */
async function countedSubscriptions(
  db: Kysely<Database>,
  date: string,
  onlyUsers?: readonly number[],
): Promise<ByMeal<CountedSubscription>> {
  return (await countSubscriptions(db, date, onlyUsers)).counted;
}

/**
 * Per meal, the subscriptions counting a meal of a customer whom another of their subscriptions
 * of that service already counts for it: what the sheet's per-plan tallies (its counts, diets and
 * deliveries) must leave out so that nobody is counted twice. Read only for the customers whose
 * rows overlap (overlappingCustomers): none, almost always.
 */
export async function doubleCounted(
  db: Kysely<Database>,
  date: string,
): Promise<ByMeal<CountedSubscription>> {
  const users = await overlappingCustomers(db, date);
  if (users.length === 0) return byMeals();
  return (await countSubscriptions(db, date, users)).doubled;
}

/** Removes one per meal of `doubled` from `counts` (a service's, per meal). */
export function withoutDoubled(
  counts: ServiceMealCounts,
  doubled: ByMeal<CountedSubscription>,
): ServiceMealCounts {
  for (const meal of MEALS) {
    for (const one of doubled[meal]) counts[one.service_type][meal] -= 1;
  }
  return counts;
}

async function countSubscriptions(
  db: Kysely<Database>,
  date: string,
  onlyUsers?: readonly number[],
): Promise<{ counted: ByMeal<CountedSubscription>; doubled: ByMeal<CountedSubscription> }> {
  let covering = subscriptionsCovering(db, date);
  if (onlyUsers) covering = covering.where('s.user_id', 'in', onlyUsers);
  const [rows, skips, closed] = await Promise.all([
    covering
      .innerJoin('users as u', 'u.id', 's.user_id')
      .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
      .select([
        's.id as subscription_id',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.username',
        'u.diet',
        's.subscription_type as service_type',
        'p.included_meals as meals',
      ])
      .orderBy('s.subscription_type')
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('s.id')
      .execute(),
    skipsCounted(db, date).select(['k.subscription_id', 'k.meal']).execute(),
    closedMealsOfDate(db, date),
  ]);
  const skipped = new Set(skips.map((skip) => `${skip.subscription_id}/${skip.meal}`));
  const byMeal = byMeals<CountedSubscription>();
  const doubled = byMeals<CountedSubscription>();
  const seen = new Set<string>();
  // The sheet's order (service, then name), to put the kept ones back in.
  const sheetIndex = new Map(rows.map((row, index) => [row.subscription_id, index]));
  // A customer's rows in id order, so the one kept is their oldest.
  for (const row of [...rows].sort((a, b) => a.subscription_id - b.subscription_id)) {
    const counted: CountedSubscription = {
      subscription_id: row.subscription_id,
      user_id: row.user_id,
      name: fullName(row) || row.username,
      service_type: row.service_type as CountedSubscription['service_type'],
      diet: row.diet && (DIETS as readonly string[]).includes(row.diet) ? row.diet : 'unset',
    };
    for (const meal of parseMeals(row.meals)) {
      // A closed meal is not cooked; a skipped one is not counted.
      if (closed[meal] !== null || skipped.has(`${row.subscription_id}/${meal}`)) continue;
      // One person is one meal, whatever old overlapping rows say.
      const person = `${row.user_id}/${row.service_type}/${meal}`;
      if (seen.has(person)) doubled[meal].push(counted);
      else {
        seen.add(person);
        byMeal[meal].push(counted);
      }
    }
  }
  const index = (one: CountedSubscription) => sheetIndex.get(one.subscription_id) ?? 0;
  for (const meal of MEALS) byMeal[meal].sort((a, b) => index(a) - index(b));
  return { counted: byMeal, doubled };
}

type LockRow = Database['kitchen_locks'];

/** A subscription the dues hold takes off a meal, and why its customer is held. */
type HeldSubscription = CountedSubscription & { hold: DuesHoldBody };
export type HeldOff = Record<Meal, HeldSubscription[]>;

const noneHeld = (): HeldOff => ({ breakfast: [], lunch: [], dinner: [] });

/**
 * Per meal, the subscriptions the dues hold takes off `date`'s sheet (machines/kitchen
 * holdTakesOff): the held customers' counted subscriptions, except those a lock already counted
 * (of `onlyUsers`, when given). Nothing is read beyond the settings while the hold is off.
 */
export async function heldOffSheet(
  ctx: LockContext,
  date: string,
  settings: BusinessSettings,
  lockRows: ReadonlyMap<Meal, LockRow>,
  onlyUsers?: readonly number[],
): Promise<HeldOff> {
  const policy = holdPolicyOf(settings.payments);
  if (!policy.enabled) return noneHeld();
  const db = ctx.db.kysely;
  const held = await heldCustomers(db, policy, ctx.today());
  const asked = onlyUsers ? new Set(onlyUsers) : null;
  const users = [...held.keys()].filter((user) => !asked || asked.has(user));
  if (users.length === 0) return noneHeld();
  const counted = await countedSubscriptions(db, date, users);
  const now = ctx.clock.now().toISOString();
  const off = noneHeld();
  for (const meal of MEALS) {
    const row = lockRows.get(meal);
    const lockedIds = row ? new Set(JSON.parse(row.subscription_ids) as number[]) : null;
    const pastCutoff = isPastCutoff(now, cutoffAt(settings, meal, date, ctx.config.businessTz));
    for (const one of counted[meal]) {
      const hold = held.get(one.user_id);
      if (hold && holdTakesOff(one.subscription_id, lockedIds, pastCutoff)) {
        off[meal].push({ ...one, hold });
      }
    }
  }
  return off;
}

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
  const counted = await countedSubscriptions(db, date);
  // The meals locking now are the held customers' next cutoff: the hold takes them off.
  const held = await heldCustomers(db, holdPolicyOf(settings.payments), ctx.today());
  for (const meal of due) counted[meal] = counted[meal].filter((one) => !held.has(one.user_id));
  const inserted = await db
    .insertInto('kitchen_locks')
    .values(
      due.map((meal) => {
        const diets: DietCounts = { veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 };
        for (const one of counted[meal]) diets[one.diet] += 1;
        return {
          meal_date: date,
          meal,
          mess_count: counted[meal].filter((one) => one.service_type === 'mess').length,
          tiffin_count: counted[meal].filter((one) => one.service_type === 'tiffin').length,
          diets: JSON.stringify(diets),
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
  counts: ServiceMealCounts,
  heldOff: HeldOff,
): Promise<Record<Meal, KitchenMealLock>> {
  const db = ctx.db.kysely;
  const live = locks.rows.size > 0 ? await countedSubscriptions(db, date) : null;
  // Live as the counts are: without whom the dues hold takes off.
  if (live) {
    for (const meal of MEALS) {
      const off = new Set(heldOff[meal].map((one) => one.subscription_id));
      live[meal] = live[meal].filter((one) => !off.has(one.subscription_id));
    }
  }
  const stored = new Map(
    [...locks.rows].map(([meal, row]) => [meal, JSON.parse(row.subscription_ids) as number[]]),
  );
  // The customers counted at a lock and not now, named from their subscriptions.
  const goneIds = [
    ...new Set(
      MEALS.flatMap((meal) => {
        const now = new Set(live?.[meal].map((one) => one.subscription_id));
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
    const nowCounted = live?.[meal] ?? [];
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
