// The delivery routes' read side: a route as the API shows it, which route a customer's stop is on,
// a route's run sheet for a date and meal (from the kitchen sheet's deliveries), and the owner's
// progress. The stop states are written by delivery.store.ts alone.
import type { RowOf } from '@server/platform/db/index.js';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { components } from '@generated/api.js';
import {
  allowedEvents,
  deliveryStopFromApi,
  deliveryStopMachine,
  MARK_OF_EVENT,
  type DeliveryStopState,
  type NotDeliveredReason,
} from '@machines';
import type { Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';
import {
  areaKey,
  deliveryStopsByPlace,
  tiffinDeliveriesOf,
  type DeliveryFilter,
  type DeliveryPlace,
  type TiffinDelivery,
} from '@server/lifecycles/kitchen/kitchen.deliveries.js';

export type RouteBody = components['schemas']['DeliveryRoute'];
export type RunSheetStop = components['schemas']['RunSheetStop'];

const parseIds = (text: string): number[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
};
const parseAreas = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value)
    ? value.filter((area): area is string => typeof area === 'string')
    : [];
};

/**
 * Every route (by id: the first route naming an area gets its stops), with its riders: one
 * statement, as every read of the marks' and run sheets' rules starts here.
 */
export async function readRoutes(db: Kysely<Database>, onlyIds?: readonly number[]) {
  if (onlyIds?.length === 0) return [];
  let query = db
    .selectFrom('delivery_routes as d')
    .leftJoin('delivery_route_riders as r', 'r.route_id', 'd.id')
    .leftJoin('users as u', 'u.id', 'r.rider_id')
    .select([
      'd.id',
      'd.name',
      'd.areas',
      'd.stop_order',
      'd.created_at',
      'd.updated_at',
      'u.id as rider_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone',
    ])
    .orderBy('d.id')
    .orderBy('u.first_name')
    .orderBy('u.id');
  if (onlyIds) query = query.where('d.id', 'in', onlyIds);
  const routes = new Map<number, RouteBody>();
  for (const row of await query.execute()) {
    let route = routes.get(row.id);
    if (!route) {
      route = {
        id: row.id,
        name: row.name,
        areas: parseAreas(row.areas),
        riders: [],
        stop_order: parseIds(row.stop_order),
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
      routes.set(row.id, route);
    }
    if (row.rider_id !== null) {
      const rider = {
        first_name: row.first_name ?? '',
        last_name: row.last_name ?? '',
        username: row.username ?? '',
      };
      route.riders.push({
        id: row.rider_id,
        name: fullName(rider) || rider.username,
        phone: row.phone ?? '',
      });
    }
  }
  return [...routes.values()];
}

export async function readRoute(db: Kysely<Database>, id: number): Promise<RouteBody | undefined> {
  return (await readRoutes(db, [id]))[0];
}

/** The ids of the routes a rider is assigned to. */
export async function routeIdsOfRider(db: Kysely<Database>, riderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_route_riders')
    .select('route_id')
    .where('rider_id', '=', riderId)
    .execute();
  return rows.map((row) => row.route_id);
}

/** The route a delivery's stop is on: the first route (by id) whose areas include its area. */
export function routeOfDelivery(
  routes: readonly RouteBody[],
  delivery: DeliveryPlace,
): RouteBody | undefined {
  const keys = [delivery.area, delivery.pincode, delivery.institute]
    .filter((key): key is string => Boolean(key))
    .map(areaKey);
  return routes.find((route) => route.areas.some((area) => keys.includes(areaKey(area))));
}

/** A place's key among a route's stops: what its area, pincode and institute make it. */
const placeKey = (place: DeliveryPlace) =>
  `${place.area}\u0000${place.pincode ?? ''}\u0000${place.institute ?? ''}`;

/** routeOfDelivery, asked once per place: a day's thousands of stops share a few hundred. */
function routeFinder(routes: readonly RouteBody[]) {
  const known = new Map<string, RouteBody | undefined>();
  return (place: DeliveryPlace) => {
    const key = placeKey(place);
    if (!known.has(key)) known.set(key, routeOfDelivery(routes, place));
    return known.get(key);
  };
}

/**
 * A meal's deliveries by the route their stop is on (the first route, by id, naming its area);
 * those on no route are left out.
 */
function deliveriesByRoute<Stop extends DeliveryPlace>(
  routes: readonly RouteBody[],
  deliveries: readonly Stop[],
): Map<number, Stop[]> {
  const byRoute = new Map<number, Stop[]>(routes.map((route) => [route.id, []]));
  const routeOf = routeFinder(routes);
  for (const delivery of deliveries) {
    const route = routeOf(delivery);
    if (route) byRoute.get(route.id)!.push(delivery);
  }
  return byRoute;
}

/** Names compared as String#localeCompare does, without making a collator per comparison. */
const byName = new Intl.Collator().compare;

/**
 * A route's stops (its own deliveries) in its saved order; customers not in it follow, by the
 * route's area order, then name. Each stop's place in that order is worked out once, not per
 * comparison: a route of thousands of stops is sorted in milliseconds.
 */
function orderedStops<Stop extends DeliveryPlace & Pick<TiffinDelivery, 'user_id' | 'name'>>(
  route: RouteBody,
  mine: readonly Stop[],
): Stop[] {
  const saved = new Map(route.stop_order.map((id, index) => [id, index]));
  const routeAreas = route.areas.map(areaKey);
  const areaIndexes = new Map<string, number>();
  const areaIndex = (delivery: Stop) => {
    const key = placeKey(delivery);
    let index = areaIndexes.get(key);
    if (index === undefined) {
      const keys = [delivery.area, delivery.pincode, delivery.institute]
        .filter((one): one is string => Boolean(one))
        .map(areaKey);
      index = routeAreas.findIndex((area) => keys.includes(area));
      if (index === -1) index = routeAreas.length;
      areaIndexes.set(key, index);
    }
    return index;
  };
  const keyed = mine.map((stop) => ({
    stop,
    saved: saved.get(stop.user_id),
    area: areaIndex(stop),
  }));
  keyed.sort((a, b) => {
    if (a.saved !== undefined || b.saved !== undefined) {
      if (a.saved === undefined) return 1;
      if (b.saved === undefined) return -1;
      return a.saved - b.saved;
    }
    return a.area - b.area || byName(a.stop.name, b.stop.name) || a.stop.user_id - b.stop.user_id;
  });
  return keyed.map((one) => one.stop);
}

/**
 * A date and meal's deliveries, with every route and each route's own: what the run sheets and
 * the marks check. The filter narrows the read (a batch of marks: its customers; a rider's run
 * sheet: its route's areas); every route is still read, since the first route naming an area
 * gets its stops.
 */
export async function deliveriesOfRun(
  ctx: AppContext,
  date: string,
  meal: Meal,
  filter: DeliveryFilter = {},
) {
  const [{ deliveries, closed }, routes] = await Promise.all([
    tiffinDeliveriesOf(ctx, date, filter),
    readRoutes(ctx.db.kysely),
  ]);
  return {
    deliveries: deliveries[meal],
    closed: closed[meal] !== null,
    routes,
    byRoute: deliveriesByRoute(routes, deliveries[meal]),
  };
}

type Run = Awaited<ReturnType<typeof deliveriesOfRun>>;

interface StopFacts {
  state: DeliveryStopState;
  reason: NotDeliveredReason | null;
  boxes_returned: number;
  cash_collected_paise: number;
}

/**
 * The stored state of the customers' stops of a date and meal, and what was marked on them; 'all':
 * every stop of the date and meal (the owner's progress, rather than naming thousands of ids).
 */
async function stopFacts(
  db: Kysely<Database>,
  date: string,
  meal: Meal,
  userIds: readonly number[] | 'all',
): Promise<Map<number, StopFacts>> {
  const facts = new Map<number, StopFacts>();
  if (userIds !== 'all' && userIds.length === 0) return facts;
  let stopsQuery = db
    .selectFrom('delivery_stops')
    .select(['user_id', 'state', 'reason'])
    .where('date', '=', date)
    .where('meal', '=', meal);
  let marksQuery = db
    .selectFrom('delivery_marks')
    .select([
      'user_id',
      sql<number>`sum(case when event = 'box_returned' then 1 else 0 end)`.as('boxes'),
      sql<number>`sum(case when event = 'cash_collected' then amount_paise else 0 end)`.as('cash'),
    ])
    .where('date', '=', date)
    .where('meal', '=', meal)
    .where('event', 'in', ['box_returned', 'cash_collected']);
  if (userIds !== 'all') {
    stopsQuery = stopsQuery.where('user_id', 'in', userIds);
    marksQuery = marksQuery.where('user_id', 'in', userIds);
  }
  const [stops, marks] = await Promise.all([
    stopsQuery.execute(),
    marksQuery.groupBy('user_id').execute(),
  ]);
  for (const stop of stops) {
    facts.set(stop.user_id, {
      state: stop.state,
      reason: (stop.reason as NotDeliveredReason | null) ?? null,
      boxes_returned: 0,
      cash_collected_paise: 0,
    });
  }
  for (const mark of marks) {
    const fact = facts.get(mark.user_id) ?? {
      state: 'pending' as const,
      reason: null,
      boxes_returned: 0,
      cash_collected_paise: 0,
    };
    fact.boxes_returned = Number(mark.boxes ?? 0);
    fact.cash_collected_paise = Number(mark.cash ?? 0);
    facts.set(mark.user_id, fact);
  }
  return facts;
}

/** A route's run sheet for a date and meal. */
export async function runSheetOf(ctx: AppContext, route: RouteBody, date: string, meal: Meal) {
  return (await runSheetsOf(ctx, date, meal, [route]))[0]!;
}

/**
 * Run sheets of `routes` for a date and meal, from one read of the date's deliveries and one of
 * their stops (the owner's progress asks for every route at once).
 */
export async function runSheetsOf(
  ctx: AppContext,
  date: string,
  meal: Meal,
  routes?: readonly RouteBody[],
) {
  // Some routes (a rider's run sheet): only the customers their areas could name.
  const run: Run = await deliveriesOfRun(
    ctx,
    date,
    meal,
    routes ? { areas: routes.flatMap((route) => route.areas) } : {},
  );
  const sheets = (routes ?? run.routes).map((route) => {
    const current = run.routes.find((one) => one.id === route.id) ?? route;
    return { route: current, stops: orderedStops(current, run.byRoute.get(current.id) ?? []) };
  });
  const userIds = routes
    ? sheets.flatMap((sheet) => sheet.stops.map((stop) => stop.user_id))
    : ('all' as const);
  const [facts, owing] = await Promise.all([
    stopFacts(ctx.db.kysely, date, meal, userIds),
    owingOf(ctx.db.kysely, userIds),
  ]);
  return sheets.map((sheet) => ({
    route: sheet.route,
    date,
    meal,
    closed: run.closed,
    stops: sheet.stops.map((stop) =>
      runSheetStop(stop, facts.get(stop.user_id), owing.get(stop.user_id) ?? 0),
    ),
  }));
}

/**
 * What each of the customers owes now (their ledger balance), for those who owe: read from the
 * owing balances (the dues index, migration 029), so a stop shows it before the rider asks.
 */
async function owingOf(
  db: Kysely<Database>,
  userIds: readonly number[] | 'all',
): Promise<Map<number, number>> {
  if (userIds !== 'all' && userIds.length === 0) return new Map();
  let query = db
    .selectFrom('ledger_balances')
    .select(['user_id', 'balance_paise'])
    .where(sql<SqlBool>`balance_paise > 0`);
  if (userIds !== 'all') query = query.where('user_id', 'in', userIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.balance_paise)]));
}

function runSheetStop(
  stop: TiffinDelivery,
  fact: StopFacts | undefined,
  owesPaise: number,
): RunSheetStop {
  const state = fact?.state ?? 'pending';
  return {
    customer_id: stop.user_id,
    subscription_id: stop.subscription_id,
    name: stop.name,
    area: stop.area,
    address: stop.address,
    landmark: stop.landmark,
    phone: stop.phone,
    diet: stop.diet,
    notes: stop.landmark,
    plan_name: stop.plan_name,
    pending_leave: stop.pending_leave,
    state,
    reason: fact?.reason ?? null,
    boxes_returned: fact?.boxes_returned ?? 0,
    cash_collected: (fact?.cash_collected_paise ?? 0) / 100,
    owes: owesPaise / 100,
    actions: actionsOf(state),
  };
}

/**
 * The marks the stop's machine allows in `state`, asked once per state: a stop's machine has no
 * context, so its state alone decides them, and the owner's progress lists every stop of the day.
 */
const actionsByState = new Map<DeliveryStopState, RunSheetStop['actions']>();
function actionsOf(state: DeliveryStopState): RunSheetStop['actions'] {
  let actions = actionsByState.get(state);
  if (!actions) {
    actions = allowedEvents(deliveryStopMachine, deliveryStopFromApi({ state })).map(
      (type) => MARK_OF_EVENT[type],
    );
    actionsByState.set(state, actions);
  }
  return actions;
}

export type DeliveryProgressBody = components['schemas']['DeliveryProgress'];

interface MissedStop extends DeliveryPlace {
  user_id: number;
  name: string;
  person: { phone: string; reason: string | null };
}

/**
 * The owner's progress of a date and meal: per route, its run sheet's stops by state, the stops
 * not delivered and the boxes still out. The same stops as runSheetsOf gives every route, counted
 * from where each goes and its stored state, without building every run sheet (at a lunch peak
 * of thousands of stops, the whole day's sheets took seconds of the instance's time).
 */
export async function deliveryProgress(
  ctx: AppContext,
  date: string,
  meal: Meal,
): Promise<DeliveryProgressBody> {
  const db = ctx.db.kysely;
  const [{ places }, routes, states, missedPeople, boxes] = await Promise.all([
    deliveryStopsByPlace(ctx, date, meal),
    readRoutes(db),
    db
      .selectFrom('delivery_stops')
      .select(['user_id', 'state'])
      .where('date', '=', date)
      .where('meal', '=', meal)
      .where('state', '!=', 'pending')
      .execute(),
    db
      .selectFrom('delivery_stops as ds')
      .innerJoin('users as u', 'u.id', 'ds.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.phone', 'ds.reason'])
      .where('ds.date', '=', date)
      .where('ds.meal', '=', meal)
      .where('ds.state', '=', 'not_delivered')
      .execute(),
    boxesOut(db),
  ]);
  const stateOf = new Map(states.map((row) => [row.user_id, row.state]));
  const missedOf = new Map(missedPeople.map((row) => [row.id, row]));
  const counts = new Map(
    routes.map((route) => [route.id, { total: 0, delivered: 0, not_delivered: 0, pending: 0 }]),
  );
  const missedBy = new Map(routes.map((route) => [route.id, [] as MissedStop[]]));
  for (const { place, users } of places) {
    const route = routeOfDelivery(routes, place);
    if (!route) continue;
    const count = counts.get(route.id)!;
    count.total += users.length;
    for (const user of users) {
      const state = stateOf.get(user) ?? 'pending';
      count[state] += 1;
      const person = state === 'not_delivered' ? missedOf.get(user) : undefined;
      if (person)
        missedBy.get(route.id)!.push({ ...place, user_id: user, name: fullName(person), person });
    }
  }
  const progress = routes.map((route) => ({
    route: route.id,
    name: route.name,
    ...counts.get(route.id)!,
  }));
  // The stops not delivered, route by route in each run sheet's order.
  const missed = routes.flatMap((route) =>
    orderedStops(route, missedBy.get(route.id)!).map((stop) => ({
      route: route.id,
      customer_id: stop.user_id,
      name: stop.name,
      phone: stop.person.phone,
      reason: (stop.person.reason as NotDeliveredReason | null) ?? null,
    })),
  );
  return { date, meal, routes: progress, missed, boxes_out: boxes };
}

/** Per customer, the boxes still out: delivered marks less box_returned marks, over all dates. */
async function boxesOut(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('delivery_marks as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.username',
      sql<number>`sum(case when m.event = 'delivered' then 1 when m.event = 'box_returned' then -1 else 0 end)`.as(
        'boxes',
      ),
    ])
    .where('m.event', 'in', ['delivered', 'box_returned'])
    .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.username'])
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  return rows
    .map((row) => ({
      customer_id: row.id,
      name: fullName(row) || row.username,
      boxes: Number(row.boxes),
    }))
    .filter((row) => row.boxes > 0);
}

export type CashCollectionBody = components['schemas']['CashCollection'];

export const cashCollectionSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('cash_collections as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.mark_id',
      'c.user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'c.subscription_id',
      'c.route_id',
      'c.date',
      'c.meal',
      'c.amount_paise',
      'c.status',
      'c.collected_by',
      'c.collected_at',
      'c.payment_id',
      'c.reject_reason',
      'c.decided_at',
    ]);

export function cashCollectionBody(row: RowOf<typeof cashCollectionSelect>): CashCollectionBody {
  return {
    id: row.id,
    mark_id: row.mark_id,
    customer_id: row.user_id,
    customer_name: fullName(row) || row.username,
    subscription_id: row.subscription_id,
    route_id: row.route_id,
    date: row.date,
    meal: row.meal,
    amount: row.amount_paise / 100,
    status: row.status,
    collected_by: row.collected_by,
    collected_at: row.collected_at,
    payment_id: row.payment_id,
    reject_reason: row.reject_reason,
    decided_at: row.decided_at,
  };
}
