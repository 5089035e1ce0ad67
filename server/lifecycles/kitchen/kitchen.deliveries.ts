// The kitchen sheet's tiffin deliveries for a date, per meal: read by the kitchen sheet and by the
// delivery run sheets (server/lifecycles/delivery), so both list the same customers, net of leaves
// APPROVED for the date, meal skips, customers held for dues and closed meals.
import { sql } from 'kysely';
import { holdPolicyOf } from '@machines/dues';
import type { Diet } from '@machines/menu';
import type { Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { doubleCounted, heldOffSheet, type HeldOff, ensureLocks } from './kitchen.lock.js';
import {
  leaveCovers,
  skipsOnDate,
  subscriptionsCovering,
  type KitchenSkip,
} from './kitchen.query.js';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/** One tiffin delivery as the kitchen sheet lists it. */
export interface Delivery {
  user_id: number;
  name: string;
  phone: string;
  area: string;
  pincode: string | null;
  institute: string | null;
  address: string;
  landmark: string | null;
  plan_name: string;
  pending_leave: boolean;
}

/** A delivery with what a run sheet needs beyond the kitchen sheet's columns. */
export interface TiffinDelivery extends Delivery {
  subscription_id: number;
  diet: Diet | null;
}

/** The group a delivery goes in: `201206 Ghaziabad` for an address, `KIET hostels` for a hostel. */
function deliveryArea(row: {
  pincode: string | null;
  city: string | null;
  institute: string | null;
}): string {
  if (row.pincode) return [row.pincode, row.city].filter(Boolean).join(' ');
  if (row.institute) return `${row.institute} hostels`;
  return 'No address';
}

/** Which customers a read of the deliveries is about (all of them when absent). */
export interface DeliveryFilter {
  /** These customers alone (a batch of delivery marks asks about its own). */
  onlyUsers?: readonly number[];
  /**
   * Customers whose stop could be on a route naming these areas (a rider's run sheet): at least
   * every delivery whose area, pincode or institute is one of them, as routeOfDelivery compares
   * (pincodes are digits and institutes ASCII, so SQL's lower() agrees with JavaScript's).
   */
  areas?: readonly string[];
}

/** How an area is compared (a route's with a delivery's): without case or surrounding spaces. */
export const areaKey = (area: string) => area.trim().toLowerCase();

/**
 * The values of a pincode and an institute that `areas` can name, compared by areaKey. Never
 * empty (SQL has no empty `in ()`): '' stands in when there are none.
 */
function areaCandidates(areas: readonly string[]) {
  const keys = areas.map(areaKey).filter(Boolean);
  const orNone = (values: readonly string[]) => (values.length > 0 ? [...new Set(values)] : ['']);
  return {
    // An area is a pincode, or `201206 Ghaziabad`: a pincode and its city.
    pincodes: orNone(keys.map((key) => key.split(/\s+/)[0]!)),
    // An institute, or `KIET hostels`.
    institutes: orNone(keys.flatMap((key) => [key, key.replace(/\s+hostels$/, '')])),
    noAddress: keys.includes('no address'),
  };
}

/**
 * The tiffin subscriptions covering `date` and not on a leave APPROVED for it, with their
 * customers' profiles (`sp`, `rp`), narrowed by `filter`.
 */
function tiffinCovering(db: AppContext['db']['kysely'], date: string, filter: DeliveryFilter) {
  let covering = subscriptionsCovering(db, date);
  if (filter.onlyUsers) covering = covering.where('s.user_id', 'in', filter.onlyUsers);
  let joined = covering
    .leftJoin('student_profiles as sp', 'sp.user_id', 's.user_id')
    .leftJoin('regular_profiles as rp', 'rp.user_id', 's.user_id');
  if (filter.areas) {
    const { pincodes, institutes, noAddress } = areaCandidates(filter.areas);
    // The customers by their profiles' indexes (regular_profiles_pincode and
    // student_profiles_institute_lower), not by reading every subscription of the day.
    const named = db
      .selectFrom('regular_profiles')
      .select('user_id')
      .where('pincode', 'in', pincodes)
      .union(
        db
          .selectFrom('student_profiles')
          .select('user_id')
          .where(sql<string>`lower(institute)`, 'in', institutes),
      );
    joined = joined.where((eb) =>
      eb.or([
        eb('s.user_id', 'in', named),
        ...(noAddress
          ? [
              eb.and([
                eb(sql<string>`coalesce(rp.pincode, '')`, '=', ''),
                eb(sql<string>`coalesce(sp.institute, '')`, '=', ''),
              ]),
            ]
          : []),
      ]),
    );
  }
  return joined
    .where('s.subscription_type', '=', 'tiffin')
    .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`);
}

/**
 * The tiffin subscriptions covering `date` and not on a leave APPROVED for it, grouped by area for
 * the delivery round (a pincode, or a campus's hostels), then by address, so one rider's stops are
 * together; customers with no address come last.
 */
export function tiffinDeliveryRows(
  db: AppContext['db']['kysely'],
  date: string,
  filter: DeliveryFilter = {},
) {
  return tiffinCovering(db, date, filter)
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as subscription_id',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'u.diet',
      'sp.hostel',
      'sp.institute',
      'rp.address',
      'rp.landmark',
      'rp.pincode',
      'rp.city',
      'p.name as plan_name',
      'p.included_meals as meals',
      sql<number>`case when ${leaveCovers('PENDING', date)} then 1 else 0 end`.as('pending_leave'),
    ])
    .orderBy(sql`case when coalesce(rp.pincode, sp.institute, '') = '' then 1 else 0 end`)
    .orderBy(sql`coalesce(rp.pincode, sp.institute, '')`)
    .orderBy(sql`coalesce(sp.hostel, rp.address, '')`)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}

type DeliveryRow = Awaited<ReturnType<typeof tiffinDeliveryRows>>[number];

/** Where a delivery goes, as routes name it: its area, and the pincode or institute it is from. */
export type DeliveryPlace = Pick<Delivery, 'area' | 'pincode' | 'institute'>;

function placeOf(row: {
  pincode: string | null;
  city: string | null;
  institute: string | null;
}): DeliveryPlace {
  return {
    area: deliveryArea(row),
    pincode: row.pincode ?? null,
    institute: row.pincode ? null : (row.institute ?? null),
  };
}

/** What the kitchen sheet's deliveries of a date are net of, besides leaves. */
export interface OffTheSheet {
  closed: Readonly<Record<Meal, unknown>>;
  skips: Readonly<Record<Meal, readonly KitchenSkip[]>>;
  heldOff: HeldOff;
  /** A customer's second row of one service covering the date (old data): one delivery a meal. */
  doubled: Readonly<Record<Meal, readonly { subscription_id: number }[]>>;
}

/**
 * The meals a subscription's delivery is made on the date: those of its plan but a closed meal
 * (not cooked), a skipped one (not delivered), those a customer held for dues is not cooked for,
 * and those another of the customer's subscriptions already delivers.
 */
function deliveredMeals({ closed, skips, heldOff, doubled }: OffTheSheet) {
  const takenOffBy = Object.fromEntries(
    MEALS.map((meal) => [
      meal,
      new Set([...heldOff[meal], ...doubled[meal]].map((one) => one.subscription_id)),
    ]),
  ) as Record<Meal, Set<number>>;
  const skippedBy = Object.fromEntries(
    MEALS.map((meal) => [meal, new Set(skips[meal].map((skip) => skip.subscription_id))]),
  ) as Record<Meal, Set<number>>;
  // A day's thousands of subscriptions share a few plans' meals.
  const parsed = new Map<string, Meal[]>();
  const planMeals = (meals: string) => {
    let list = parsed.get(meals);
    if (!list) parsed.set(meals, (list = parseMeals(meals)));
    return list;
  };
  const delivers = (subscriptionId: number, meals: string, meal: Meal) =>
    closed[meal] === null &&
    planMeals(meals).includes(meal) &&
    !skippedBy[meal].has(subscriptionId) &&
    !takenOffBy[meal].has(subscriptionId);
  return {
    delivers,
    of: (subscriptionId: number, meals: string): Meal[] =>
      planMeals(meals).filter((meal) => delivers(subscriptionId, meals, meal)),
  };
}

/** Per meal, the deliveries of `rows`, net of closed meals, skips, the dues hold and doubles. */
export function deliveriesByMeal(
  rows: readonly DeliveryRow[],
  off: OffTheSheet,
): Record<Meal, TiffinDelivery[]> {
  const mealsOf = deliveredMeals(off).of;
  const deliveries: Record<Meal, TiffinDelivery[]> = { breakfast: [], lunch: [], dinner: [] };
  for (const row of rows) {
    const meals = mealsOf(row.subscription_id, row.meals);
    if (meals.length === 0) continue;
    const delivery: TiffinDelivery = {
      user_id: row.user_id,
      name: fullName(row),
      phone: row.phone,
      ...placeOf(row),
      address: row.hostel ?? row.address ?? '',
      landmark: row.landmark ?? null,
      plan_name: row.plan_name,
      pending_leave: Number(row.pending_leave) === 1,
      subscription_id: row.subscription_id,
      diet: row.diet ?? null,
    };
    for (const meal of meals) deliveries[meal].push(delivery);
  }
  return deliveries;
}

/**
 * Whom the dues hold takes off `date`'s deliveries: nobody while the hold is off; else as the
 * kitchen sheet decides, by its locks (locking a due meal first).
 */
async function heldOffOf(
  ctx: AppContext,
  date: string,
  onlyUsers: readonly number[] | undefined,
): Promise<HeldOff> {
  const settings = await readSettings(ctx.db.kysely);
  if (!holdPolicyOf(settings.payments).enabled) return { breakfast: [], lunch: [], dinner: [] };
  const locks = await ensureLocks(ctx, date);
  return heldOffSheet(ctx, date, locks.settings, locks.rows, onlyUsers);
}

/** What the deliveries of `date` are net of: closed meals, meal skips, the dues hold, doubles. */
async function offTheSheet(
  ctx: AppContext,
  date: string,
  onlyUsers: readonly number[] | undefined,
): Promise<OffTheSheet> {
  const [heldOff, skips, closed, doubled] = await Promise.all([
    heldOffOf(ctx, date, onlyUsers),
    skipsOnDate(ctx.db.kysely, date, onlyUsers),
    closedMealsOfDate(ctx.db.kysely, date),
    doubleCounted(ctx.db.kysely, date),
  ]);
  return { heldOff, skips, closed, doubled };
}

/**
 * The kitchen sheet's deliveries of `date`, per meal, and which meals are closed that day; the
 * filter narrows them (a batch of delivery marks asks about its own customers, a rider's run sheet
 * about its route's areas) by the same rules, rather than reading the whole day each time.
 */
export async function tiffinDeliveriesOf(
  ctx: AppContext,
  date: string,
  filter: DeliveryFilter = {},
) {
  const [off, rows] = await Promise.all([
    offTheSheet(ctx, date, filter.onlyUsers),
    tiffinDeliveryRows(ctx.db.kysely, date, filter),
  ]);
  return {
    deliveries: deliveriesByMeal(rows, off),
    closed: off.closed,
  };
}

/** The customers whose stop of a meal goes to one place. */
export interface PlaceStops {
  place: DeliveryPlace;
  users: number[];
}

/**
 * The same deliveries as tiffinDeliveriesOf gives for one meal of the whole day, by where they go
 * (their customers' ids alone): the owner's progress counts every route's stops, which wants
 * neither the customers' names and addresses nor the run sheet's order. A day's thousands of stops
 * go to a few hundred places.
 */
export async function deliveryStopsByPlace(ctx: AppContext, date: string, meal: Meal) {
  const [off, rows] = await Promise.all([
    offTheSheet(ctx, date, undefined),
    tiffinCovering(ctx.db.kysely, date, {})
      .select([
        's.id as subscription_id',
        's.user_id',
        'sp.institute',
        'rp.pincode',
        'rp.city',
        'p.included_meals as meals',
      ])
      .execute(),
  ]);
  const { delivers } = deliveredMeals(off);
  // By pincode, then city (an address) or institute (no pincode): what placeOf reads.
  const places = new Map<string, Map<string, PlaceStops>>();
  for (const row of rows) {
    if (!delivers(row.subscription_id, row.meals, meal)) continue;
    const pincode = row.pincode ?? '';
    const within = row.pincode ? (row.city ?? '') : (row.institute ?? '');
    let byWithin = places.get(pincode);
    if (!byWithin) places.set(pincode, (byWithin = new Map()));
    let group = byWithin.get(within);
    if (!group) byWithin.set(within, (group = { place: placeOf(row), users: [] }));
    group.users.push(row.user_id);
  }
  return {
    places: [...places.values()].flatMap((byWithin) => [...byWithin.values()]),
    closed: off.closed[meal] !== null,
  };
}
