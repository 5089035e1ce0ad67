// The kitchen sheet's tiffin deliveries for a date, per meal: read by the kitchen sheet and by the
// delivery run sheets (server/lifecycles/delivery-stop), so both list the same customers, net of leaves
// APPROVED for the date, meal skips, customers held for dues and closed meals.
import { sql } from 'kysely';
import type { Diet } from '@machines/menu';
import { MEALS, type Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { fullName } from '@server/platform/format.js';
import { leaveCovers } from '@server/lifecycles/leave/leave.read.js';
import {
  daySubscriptions,
  mealsOfTheDay,
  offTheDay,
  type DayMeals,
  type HoldState,
} from './day-meals.js';
import { kitchenHold } from './kitchen.lock.js';

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
 * The day's tiffin subscriptions (daySubscriptions) with their customers' profiles (`sp`, `rp`),
 * narrowed by `filter`.
 */
function tiffinOfTheDay(db: AppContext['db']['kysely'], date: string, filter: DeliveryFilter) {
  let joined = daySubscriptions(db, date, { service: 'tiffin', onlyUsers: filter.onlyUsers })
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
  return joined;
}

/**
 * The day's tiffin subscriptions with where they go, grouped by area for the delivery round (a
 * pincode, or a campus's hostels), then by address, so one rider's stops are together; customers
 * with no address come last.
 */
export function tiffinDeliveryRows(
  db: AppContext['db']['kysely'],
  date: string,
  filter: DeliveryFilter = {},
) {
  return tiffinOfTheDay(db, date, filter)
    .select([
      'u.phone',
      'sp.hostel',
      'sp.institute',
      'rp.address',
      'rp.landmark',
      'rp.pincode',
      'rp.city',
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

/** Per meal, the deliveries of `rows`: each served a meal of the day (`day`) gets one. */
export function deliveriesByMeal(
  rows: readonly DeliveryRow[],
  day: Pick<DayMeals, 'served'>,
): Record<Meal, TiffinDelivery[]> {
  const served = servedIds(day);
  const deliveries: Record<Meal, TiffinDelivery[]> = { breakfast: [], lunch: [], dinner: [] };
  for (const row of rows) {
    const meals = MEALS.filter((meal) => served[meal].has(row.subscription_id));
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
      diet: (row.diet as Diet | null) ?? null,
    };
    for (const meal of meals) deliveries[meal].push(delivery);
  }
  return deliveries;
}

const servedIds = (day: Pick<DayMeals, 'served'>) =>
  Object.fromEntries(
    MEALS.map((meal) => [meal, new Set(day.served[meal].map((one) => one.subscription_id))]),
  ) as Record<Meal, Set<number>>;

/** The day's meals of `rows` (daySubscriptions' of `date`, narrowed to `onlyUsers` or not). */
async function dayOf<Row extends Parameters<typeof mealsOfTheDay>[0][number]>(
  ctx: AppContext,
  date: string,
  rows: Promise<Row[]>,
  onlyUsers: readonly number[] | undefined,
  hold?: HoldState,
) {
  const [read, off] = await Promise.all([
    rows,
    (hold ? Promise.resolve(hold) : kitchenHold(ctx, date)).then((known) =>
      offTheDay(ctx, date, known, onlyUsers),
    ),
  ]);
  return { rows: read, day: mealsOfTheDay(read, off) };
}

/**
 * The kitchen sheet's deliveries of `date`, per meal, and which meals are closed that day; the
 * filter narrows them (a batch of delivery marks asks about its own customers, a rider's run sheet
 * about its route's areas) by the same rules, rather than reading the whole day each time. `hold`:
 * the date's locks when the caller has just ensured them (the kitchen sheet), else read here.
 */
export async function tiffinDeliveriesOf(
  ctx: AppContext,
  date: string,
  filter: DeliveryFilter = {},
  hold?: HoldState,
) {
  const { rows, day } = await dayOf(
    ctx,
    date,
    tiffinDeliveryRows(ctx.db.kysely, date, filter),
    filter.onlyUsers,
    hold,
  );
  return { deliveries: deliveriesByMeal(rows, day), closed: day.closed };
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
  const { rows, day } = await dayOf(
    ctx,
    date,
    tiffinOfTheDay(ctx.db.kysely, date, {})
      .select(['sp.institute', 'rp.pincode', 'rp.city'])
      .execute(),
    undefined,
  );
  const served = servedIds(day)[meal];
  // By pincode, then city (an address) or institute (no pincode): what placeOf reads.
  const places = new Map<string, Map<string, PlaceStops>>();
  for (const row of rows) {
    if (!served.has(row.subscription_id)) continue;
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
    closed: day.closed[meal] !== null,
  };
}
