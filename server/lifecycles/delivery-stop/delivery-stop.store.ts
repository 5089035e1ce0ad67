// The delivery store: the only code that writes routes, stop states, marks and cash collections.
// A mark is keyed by the id the phone made, so a batch sent again (or twice at once) stores each
// mark once. machines/delivery-stop decides the move from the stop as read; the stop's new state
// (from the version it was decided on), the mark and any cash collection are then written together
// or not at all (one statement on PostgreSQL), and a stop another request moved meanwhile is read
// and decided again. A mark for a stop that is not on that run sheet now, or for a day or at a time
// outside machines/delivery-stop's window (markTimingRefusal), is refused and nothing is stored for
// it.
import { sql } from 'kysely';
import {
  cashCollectionFromApi,
  cashCollectionMachine,
  decide,
  deliveryStopEventOf,
  deliveryStopFromApi,
  deliveryStopMachine,
  markTimingRefusal,
  refusal,
  type CashCollectionEvent,
  type CashCollectionStatus,
  type DeliveryMarkEvent,
  type DeliveryStopState,
  type Refusal,
} from '@machines';
import type { Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { notFound, refusalError, refusalField, found } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { User } from '@server/platform/db/schema.js';
import { auditPart, recordAudit } from '@server/lifecycles/audit.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import {
  cashCollectionBody,
  cashCollectionSelect,
  deliveriesOfRun,
  readRoute,
  routeOfDelivery,
  type RouteBody,
} from './delivery-stop.read.js';

export interface RouteInput {
  name: string;
  areas: readonly string[];
  riders: readonly number[];
}

export interface MarkInput {
  id: string;
  route: number;
  date: string;
  meal: Meal;
  customer: number;
  event: DeliveryMarkEvent;
  reason?: string | null;
  amount?: number | null;
  marked_at: string;
}

export type MarkOutcome =
  | { id: string; status: 'applied' | 'duplicate'; state?: DeliveryStopState }
  | { id: string; status: 'refused'; refusal: Refusal };

/** A stop as a mark is decided on: no row yet is a pending stop at version 0. */
interface StopRow {
  state: DeliveryStopState;
  reason: string | null;
  version: number;
}
const NO_STOP: StopRow = { state: 'pending', reason: null, version: 0 };
const stopKey = (mark: Pick<MarkInput, 'date' | 'meal' | 'customer'>) =>
  `${mark.date}/${mark.meal}/${mark.customer}`;

/** How often a mark is decided again on a stop that other requests keep moving. */
const MAX_STOP_RACES = 10;

/** What writing one mark takes: the stop as it was decided on, and what the machine allowed. */
interface MarkWrite {
  mark: MarkInput;
  stop: StopRow;
  next: DeliveryStopState;
  /** The mark moves the stop (delivered, not delivered); a box or cash leaves it as it is. */
  moves: boolean;
  reason: string | null;
  amountPaise: number | null;
  subscriptionId: number;
}

type WriteResult =
  | { status: 'written'; version: number }
  | { status: 'duplicate' }
  /** The stop is no longer at the version the mark was decided on. */
  | { status: 'changed' };

export function createDeliveryStore(deps: StoreDeps, payments: PaymentStore) {
  const db = deps.db.kysely;

  /** The riders named must be delivery accounts. */
  async function checkRiders(riders: readonly number[]) {
    if (riders.length === 0) return;
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [...riders])
      .where(sql<string>`user_type`, '=', 'delivery')
      .execute();
    if (found.length !== new Set(riders).size) throw refusalField('riders', 'route.not_a_rider');
  }

  const cleanAreas = (areas: readonly string[]) => [
    ...new Set(areas.map((area) => area.trim()).filter(Boolean)),
  ];

  async function writeRiders(trx: Executor, routeId: number, riders: readonly number[]) {
    await trx.deleteFrom('delivery_route_riders').where('route_id', '=', routeId).execute();
    const unique = [...new Set(riders)];
    if (unique.length > 0) {
      await trx
        .insertInto('delivery_route_riders')
        .values(unique.map((rider) => ({ route_id: routeId, rider_id: rider })))
        .execute();
    }
  }

  async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalField('name', 'route.name_taken');
      throw error;
    }
  }

  async function createRoute(actor: User, input: RouteInput): Promise<RouteBody> {
    await checkRiders(input.riders);
    const now = nowIso(deps);
    const id = await nameTaken(() =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('delivery_routes')
          .values({
            name: input.name.trim(),
            areas: JSON.stringify(cleanAreas(input.areas)),
            stop_order: '[]',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeRiders(trx, row.id, input.riders);
        await recordAudit(deps, trx, {
          actor,
          action: 'route.create',
          objectType: 'delivery_route',
          objectId: row.id,
          summary: { key: 'audit.summary.route.create', values: { name: input.name.trim() } },
          after: { areas: cleanAreas(input.areas), riders: [...input.riders] },
        });
        return row.id;
      }),
    );
    return (await readRoute(db, id))!;
  }

  async function updateRoute(actor: User, id: number, input: RouteInput): Promise<RouteBody> {
    const before = await readRoute(db, id);
    if (!before) throw notFound();
    await checkRiders(input.riders);
    await nameTaken(() =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('delivery_routes')
          .set({
            name: input.name.trim(),
            areas: JSON.stringify(cleanAreas(input.areas)),
            updated_at: nowIso(deps),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw notFound();
        await writeRiders(trx, id, input.riders);
        await recordAudit(deps, trx, {
          actor,
          action: 'route.update',
          objectType: 'delivery_route',
          objectId: id,
          summary: { key: 'audit.summary.route.update', values: { name: input.name.trim() } },
          before: {
            name: before.name,
            areas: before.areas,
            riders: before.riders.map((r) => r.id),
          },
          after: {
            name: input.name.trim(),
            areas: cleanAreas(input.areas),
            riders: [...input.riders],
          },
        });
      }),
    );
    return (await readRoute(db, id))!;
  }

  async function deleteRoute(actor: User, id: number): Promise<void> {
    const before = await readRoute(db, id);
    if (!before) throw notFound();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('delivery_route_riders').where('route_id', '=', id).execute();
      await trx.deleteFrom('delivery_routes').where('id', '=', id).execute();
      await recordAudit(deps, trx, {
        actor,
        action: 'route.delete',
        objectType: 'delivery_route',
        objectId: id,
        summary: { key: 'audit.summary.route.delete', values: { name: before.name } },
        before: { name: before.name, areas: before.areas },
      });
    });
  }

  async function reorder(id: number, customerIds: readonly number[]): Promise<RouteBody> {
    const updated = await db
      .updateTable('delivery_routes')
      .set({ stop_order: JSON.stringify([...customerIds]), updated_at: nowIso(deps) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    return (await readRoute(db, id))!;
  }

  const markExists = async (id: string) =>
    (await db.selectFrom('delivery_marks').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  /**
   * Writes one mark the stop's machine allowed from `stop`: the stop's new state (bumping its
   * version), the mark and any cash collection, all or nothing, and only if the stop is still at
   * `stop.version` and the mark's id is not stored. PostgreSQL: one statement (a lunch peak's
   * cost is its round trips); SQLite, in process: a transaction.
   */
  async function writeMark(actor: User, write: MarkWrite): Promise<WriteResult> {
    try {
      return deps.db.dialect === 'postgres'
        ? await writeMarkOnce(actor, write)
        : await writeMarkInTransaction(actor, write);
    } catch (error) {
      // The mark's id stored by a copy of it that got past the stop's version (it cannot: the
      // copy holds the stop's row while it stores the mark); nothing of this one was kept.
      if (isUniqueViolation(error) && (await markExists(write.mark.id))) {
        return { status: 'duplicate' };
      }
      throw error;
    }
  }

  async function writeMarkOnce(actor: User, w: MarkWrite): Promise<WriteResult> {
    const { mark, stop, next } = w;
    const now = nowIso(deps);
    // The stop: a new row (the mark's id cannot be stored then: every applied mark wrote its
    // stop), or the row still at the version the mark was decided on, with the mark's id unknown.
    const stopSet = w.moves
      ? sql`state = excluded.state, reason = excluded.reason, route_id = excluded.route_id,
          updated_at = excluded.updated_at, version = delivery_stops.version + 1`
      : sql`version = delivery_stops.version + 1`;
    const cash =
      w.amountPaise === null
        ? sql``
        : sql`, cash as (
            insert into cash_collections (mark_id, user_id, subscription_id, route_id, date, meal,
              amount_paise, status, collected_by, collected_at)
            select id, ${mark.customer}::integer, ${w.subscriptionId}::integer,
              ${mark.route}::integer, ${mark.date}::text, ${mark.meal}::text,
              ${w.amountPaise}::integer, 'pending', ${actor.id}::integer, ${mark.marked_at}::text
            from written_mark)`;
    const result = await sql<{ known: number; version: number | null }>`
      with known as (select id from delivery_marks where id = ${mark.id}),
      written_stop as (
        insert into delivery_stops (date, meal, user_id, route_id, state, reason, updated_at, version)
        values (${mark.date}, ${mark.meal}, ${mark.customer}, ${mark.route}, ${next},
          ${w.reason}, ${now}, 1)
        on conflict (date, meal, user_id) do update set ${stopSet}
        where delivery_stops.version = ${stop.version} and not exists (select 1 from known)
        returning version
      ),
      written_mark as (
        insert into delivery_marks (id, route_id, date, meal, user_id, subscription_id, event,
          reason, amount_paise, marked_at, marked_by, received_at)
        select ${mark.id}::text, ${mark.route}::integer, ${mark.date}::text, ${mark.meal}::text,
          ${mark.customer}::integer, ${w.subscriptionId}::integer, ${mark.event}::text,
          ${w.reason}::text, ${w.amountPaise}::integer, ${mark.marked_at}::text,
          ${actor.id}::integer, ${now}::text
        from written_stop
        returning id
      )${cash}
      select (select count(*) from known)::integer as known,
        (select version from written_stop) as version`.execute(db);
    const row = result.rows[0]!;
    if (row.known > 0) return { status: 'duplicate' };
    if (row.version === null) return { status: 'changed' };
    return { status: 'written', version: row.version };
  }

  async function writeMarkInTransaction(actor: User, w: MarkWrite): Promise<WriteResult> {
    const { mark, stop, next } = w;
    return db.transaction().execute(async (trx): Promise<WriteResult> => {
      const known = await trx
        .selectFrom('delivery_marks')
        .select('id')
        .where('id', '=', mark.id)
        .executeTakeFirst();
      if (known) return { status: 'duplicate' };
      const now = nowIso(deps);
      const written = await trx
        .insertInto('delivery_stops')
        .values({
          date: mark.date,
          meal: mark.meal,
          user_id: mark.customer,
          route_id: mark.route,
          state: next,
          reason: w.reason,
          updated_at: now,
          version: 1,
        })
        .onConflict((oc) =>
          oc
            .columns(['date', 'meal', 'user_id'])
            .doUpdateSet((eb) => ({
              ...(w.moves
                ? {
                    state: eb.ref('excluded.state'),
                    reason: eb.ref('excluded.reason'),
                    route_id: eb.ref('excluded.route_id'),
                    updated_at: eb.ref('excluded.updated_at'),
                  }
                : {}),
              version: sql<number>`delivery_stops.version + 1`,
            }))
            .where('delivery_stops.version', '=', stop.version),
        )
        .returning('version')
        .executeTakeFirst();
      if (!written) return { status: 'changed' };
      await trx
        .insertInto('delivery_marks')
        .values({
          id: mark.id,
          route_id: mark.route,
          date: mark.date,
          meal: mark.meal,
          user_id: mark.customer,
          subscription_id: w.subscriptionId,
          event: mark.event,
          reason: w.reason,
          amount_paise: w.amountPaise,
          marked_at: mark.marked_at,
          marked_by: actor.id,
          received_at: now,
        })
        .execute();
      if (w.amountPaise !== null) {
        await trx
          .insertInto('cash_collections')
          .values({
            mark_id: mark.id,
            user_id: mark.customer,
            subscription_id: w.subscriptionId,
            route_id: mark.route,
            date: mark.date,
            meal: mark.meal,
            amount_paise: w.amountPaise,
            status: 'pending',
            collected_by: actor.id,
            collected_at: mark.marked_at,
            payment_id: null,
            reject_reason: null,
            decided_by: null,
            decided_at: null,
          })
          .execute();
      }
      return { status: 'written', version: written.version };
    });
  }

  /**
   * One mark on a stop that is on its run sheet: exactly once, as the stop's machine decides from
   * the stop as last read. A stop another request moved since is read again and decided again.
   */
  async function applyMark(
    actor: User,
    mark: MarkInput,
    subscriptionId: number,
    stops: Map<string, StopRow>,
  ): Promise<MarkOutcome> {
    const event = deliveryStopEventOf(mark);
    const key = stopKey(mark);
    for (let attempt = 0; attempt < MAX_STOP_RACES; attempt += 1) {
      const stop = stops.get(key) ?? NO_STOP;
      const decision = decide(deliveryStopMachine, deliveryStopFromApi(stop), event);
      if (!decision.ok) {
        // A copy of this mark that was stored first moved the stop.
        if (await markExists(mark.id))
          return { id: mark.id, status: 'duplicate', state: stop.state };
        return { id: mark.id, status: 'refused', refusal: decision };
      }
      const next = decision.next as DeliveryStopState;
      const moves = event.type === 'stop.delivered' || event.type === 'stop.not_delivered';
      const written = await writeMark(actor, {
        mark,
        stop,
        next: moves ? next : stop.state,
        moves,
        reason: event.type === 'stop.not_delivered' ? event.reason : moves ? null : stop.reason,
        amountPaise: event.type === 'stop.cash_collected' ? event.amountPaise : null,
        subscriptionId,
      });
      if (written.status === 'duplicate') {
        return { id: mark.id, status: 'duplicate', state: stop.state };
      }
      if (written.status === 'written') {
        stops.set(key, {
          state: moves ? next : stop.state,
          reason: moves ? (event.type === 'stop.not_delivered' ? event.reason : null) : stop.reason,
          version: written.version,
        });
        return { id: mark.id, status: 'applied', state: next };
      }
      // Another request moved the stop since it was read: read it again and decide again.
      const fresh = await readStops(mark.date, mark.meal, [mark.customer]);
      stops.set(key, fresh.get(key) ?? NO_STOP);
    }
    throw new Error(`delivery stop ${key} kept changing under mark ${mark.id}`);
  }

  /** The stored stops (state, reason, version) of some customers on a date and meal. */
  async function readStops(date: string, meal: Meal, customers: readonly number[]) {
    const rows = await db
      .selectFrom('delivery_stops')
      .select(['user_id', 'state', 'reason', 'version'])
      .where('date', '=', date)
      .where('meal', '=', meal)
      .where('user_id', 'in', [...customers])
      .execute();
    return new Map(
      rows.map((row) => [
        stopKey({ date, meal, customer: row.user_id }),
        { state: row.state, reason: row.reason, version: row.version },
      ]),
    );
  }

  /**
   * A batch of marks, each answered applied, duplicate or refused, in order. `asRider`: the actor
   * may mark only the routes they are assigned to (the owner or a manager: any route).
   */
  async function applyMarks(
    ctx: AppContext,
    actor: User,
    marks: readonly MarkInput[],
    asRider: boolean,
  ): Promise<MarkOutcome[]> {
    // Each date and meal's deliveries of the batch's own customers (a stop is on its run sheet by
    // the same rules whoever else is, so a batch reads its customers, not the whole day) and their
    // stops: read before the first mark, all at once. Whether a mark is stored already is asked
    // only of a mark about to be refused, or in the statement that writes it. A mark outside the
    // window of days and times (a date to come, a phone's clock far ahead) reads nothing.
    const clock = { nowMs: deps.clock.now().getTime(), timeZone: deps.config.businessTz };
    const untimely = new Map(marks.map((mark) => [mark, markTimingRefusal(mark, clock)]));
    const timely = marks.filter((mark) => untimely.get(mark) === null);
    const runs = new Map<string, Promise<Awaited<ReturnType<typeof deliveriesOfRun>>>>();
    const stopReads: Promise<Map<string, StopRow>>[] = [];
    for (const mark of timely) {
      const key = `${mark.date}/${mark.meal}`;
      if (runs.has(key)) continue;
      const customers = [
        ...new Set(
          timely
            .filter((one) => one.date === mark.date && one.meal === mark.meal)
            .map((one) => one.customer),
        ),
      ];
      runs.set(key, deliveriesOfRun(ctx, mark.date, mark.meal, { onlyUsers: customers }));
      stopReads.push(readStops(mark.date, mark.meal, customers));
    }
    const runOf = (date: string, meal: Meal) => runs.get(`${date}/${meal}`)!;
    // Settled before any is awaited alone, so one failing read leaves no other unhandled.
    await Promise.allSettled([...stopReads, ...runs.values()]);
    const stops = new Map<string, StopRow>();
    for (const read of stopReads) for (const [key, stop] of await read) stops.set(key, stop);
    const outcomes: MarkOutcome[] = [];
    const answered = new Set<string>();
    for (const mark of marks) {
      // The same id twice in one batch: the first copy's answer stands, the next is a duplicate.
      if (answered.has(mark.id)) {
        outcomes.push({ id: mark.id, status: 'duplicate' });
        continue;
      }
      // A mark stored already (sent again, maybe days later) is a duplicate, never refused.
      const refuse = async (refused: Refusal) =>
        outcomes.push(
          (await markExists(mark.id))
            ? { id: mark.id, status: 'duplicate' }
            : { id: mark.id, status: 'refused', refusal: refused },
        );
      const untimelyBecause = untimely.get(mark);
      if (untimelyBecause) {
        await refuse(untimelyBecause);
        continue;
      }
      const run = await runOf(mark.date, mark.meal);
      const marked = run.routes.find((route) => route.id === mark.route);
      if (asRider && !marked?.riders.some((rider) => rider.id === actor.id)) {
        await refuse(refusal('delivery_stop.not_your_route'));
        continue;
      }
      const delivery = run.deliveries.find((one) => one.user_id === mark.customer);
      const route = delivery && routeOfDelivery(run.routes, delivery);
      if (!delivery || !route) {
        await refuse(refusal('delivery_stop.not_on_run_sheet'));
        continue;
      }
      if (route.id !== mark.route) {
        // A rider learns nothing of routes he does not ride: there, a stop is simply not on his
        // sheet, the answer a customer id on no route (or none at all) gets.
        const seesRoute = !asRider || route.riders.some((rider) => rider.id === actor.id);
        await refuse(refusal(seesRoute ? 'delivery_stop.moved' : 'delivery_stop.not_on_run_sheet'));
        continue;
      }
      const outcome = await applyMark(actor, mark, delivery.subscription_id, stops);
      if (outcome.status !== 'refused') answered.add(mark.id);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  async function readCollection(executor: Executor, id: number) {
    return found(cashCollectionSelect(executor).where('c.id', '=', id).executeTakeFirst());
  }

  /**
   * The owner's decision on a pending collection, written first (the cash-collection machine's
   * transition, a conditional UPDATE from pending) and in one transaction with what it records: a
   * confirmation's cash payment (the payment store's settle path: what is owed, the rest kept as the
   * customer's advance) and the audit entry. Of a confirm and a reject sent together, whichever
   * writes first wins and the other is refused; a refused confirmation leaves no payment behind.
   * The customer hears of a payment after the commit.
   */
  async function decideCollection(actor: User, id: number, event: CashCollectionEvent) {
    const row = await readCollection(db, id);
    const decision = decide(cashCollectionMachine, cashCollectionFromApi(row), event);
    if (!decision.ok) throw refusalError(decision);
    const decided = nowIso(deps);
    const payment = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('cash_collections')
        .set({
          status: decision.next as CashCollectionStatus,
          reject_reason: decision.context.rejectReason,
          decided_by: actor.id,
          decided_at: decided,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) {
        // Decided meanwhile: the machine says why, from the collection as it is now.
        const now = await readCollection(trx, id);
        const refused = decide(cashCollectionMachine, cashCollectionFromApi(now), event);
        throw refusalError(refused.ok ? refusal('cash_collection.not_pending') : refused);
      }
      const amount = { money: claimed.amount_paise };
      if (event.type === 'cash_collection.reject') {
        await recordAudit(deps, trx, {
          actor,
          action: 'cash_collection.reject',
          objectType: 'cash_collection',
          objectId: id,
          summary: {
            key: 'audit.summary.cash_collection.reject',
            values: { amount, reason: claimed.reject_reason ?? '' },
          },
          before: { status: 'pending' },
          after: { status: 'rejected', reject_reason: claimed.reject_reason },
        });
        return null;
      }
      const paid = await payments.settleCollected(trx, actor, claimed);
      await trx
        .updateTable('cash_collections')
        .set({ payment_id: paid.id })
        .where('id', '=', id)
        .execute();
      const kept = Number(paid.advance_paise);
      await recordAudit(deps, trx, {
        actor,
        action: 'cash_collection.confirm',
        objectType: 'cash_collection',
        objectId: id,
        summary: {
          key: 'audit.summary.cash_collection.confirm',
          values: {
            amount,
            payment: paid.id,
            kept: auditPart(kept > 0, 'audit.part.advance_kept', { amount: { money: kept } }),
          },
        },
        before: { status: 'pending' },
        after: { status: 'confirmed', payment_id: paid.id, advance_paise: kept },
      });
      return paid;
    });
    if (payment) await payments.afterSettled(payment);
    return cashCollectionBody(await readCollection(db, id));
  }

  return {
    createRoute,
    updateRoute,
    deleteRoute,
    reorder,
    applyMarks,
    confirmCollection: (actor: User, id: number) =>
      decideCollection(actor, id, { type: 'cash_collection.confirm' }),
    rejectCollection: (actor: User, id: number, reason: string) =>
      decideCollection(actor, id, { type: 'cash_collection.reject', reason }),
  };
}
