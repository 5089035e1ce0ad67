// The delivery store: the only code that writes routes, stop states, marks and cash collections.
// A mark is keyed by the id the phone made, so a batch sent again (or twice at once) stores each
// mark once: under the stop's lock the mark's id is looked up, machines/delivery-stop decides the
// move, and the mark, the stop's new state and any cash collection are written in one transaction.
// A mark for a stop that is not on that run sheet now is refused and nothing is stored for it.
import { sql } from 'kysely';
import {
  decide,
  deliveryStopEventOf,
  deliveryStopFromApi,
  deliveryStopMachine,
  refusal,
  type DeliveryMarkEvent,
  type DeliveryStopState,
  type Refusal,
} from '@machines';
import type { Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { notFound, refusalError, refusalField } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { User } from '@server/platform/db/schema.js';
import { formatMoney } from '@server/platform/i18n.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import {
  cashCollectionBody,
  cashCollectionSelect,
  deliveriesOfRun,
  readRoute,
  routeOfDelivery,
  type RouteBody,
} from './delivery.read.js';

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

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;

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
          summary: `Added delivery route ${input.name.trim()}.`,
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
          summary: `Changed delivery route ${input.name.trim()}.`,
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
        summary: `Removed delivery route ${before.name}.`,
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

  /**
   * The stop's row, created pending when absent, held until the transaction ends: one statement
   * either way (an upsert that changes nothing takes the row's lock on PostgreSQL; SQLite has one
   * writer at a time).
   */
  async function lockStop(trx: Executor, mark: MarkInput, routeId: number) {
    return trx
      .insertInto('delivery_stops')
      .values({
        date: mark.date,
        meal: mark.meal,
        user_id: mark.customer,
        route_id: routeId,
        state: 'pending',
        reason: null,
        updated_at: nowIso(deps),
      })
      .onConflict((oc) =>
        oc
          .columns(['date', 'meal', 'user_id'])
          .doUpdateSet({ state: sql<DeliveryStopState>`delivery_stops.state` }),
      )
      .returning(['state', 'reason'])
      .executeTakeFirstOrThrow();
  }

  const markExists = async (executor: Executor, id: string) =>
    (await executor
      .selectFrom('delivery_marks')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  /** One mark on a stop that is on its run sheet: exactly once, as the stop's machine decides. */
  async function applyMark(
    actor: User,
    mark: MarkInput,
    subscriptionId: number,
  ): Promise<MarkOutcome> {
    const event = deliveryStopEventOf(mark);
    try {
      return await db.transaction().execute(async (trx): Promise<MarkOutcome> => {
        const stop = await lockStop(trx, mark, mark.route);
        const decision = decide(deliveryStopMachine, deliveryStopFromApi(stop), event);
        if (!decision.ok) {
          // Under the stop's lock: a copy of this mark that committed first moved the stop.
          if (await markExists(trx, mark.id)) {
            return { id: mark.id, status: 'duplicate', state: stop.state };
          }
          return { id: mark.id, status: 'refused', refusal: decision };
        }
        const now = nowIso(deps);
        const amountPaise = event.type === 'stop.cash_collected' ? event.amountPaise : null;
        const inserted = await trx
          .insertInto('delivery_marks')
          .values({
            id: mark.id,
            route_id: mark.route,
            date: mark.date,
            meal: mark.meal,
            user_id: mark.customer,
            subscription_id: subscriptionId,
            event: mark.event,
            reason: event.type === 'stop.not_delivered' ? event.reason : null,
            amount_paise: amountPaise,
            marked_at: mark.marked_at,
            marked_by: actor.id,
            received_at: now,
          })
          // A copy of this mark that committed first (under the stop's lock, so it is seen).
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return { id: mark.id, status: 'duplicate', state: stop.state };
        const next = decision.next as DeliveryStopState;
        if (event.type === 'stop.delivered' || event.type === 'stop.not_delivered') {
          const updated = await trx
            .updateTable('delivery_stops')
            .set({
              state: next,
              reason: event.type === 'stop.not_delivered' ? event.reason : null,
              route_id: mark.route,
              updated_at: now,
            })
            .where('date', '=', mark.date)
            .where('meal', '=', mark.meal)
            .where('user_id', '=', mark.customer)
            .where('state', '=', stop.state)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1)
            throw new Error('delivery stop changed under its lock');
        }
        if (amountPaise !== null) {
          await trx
            .insertInto('cash_collections')
            .values({
              mark_id: mark.id,
              user_id: mark.customer,
              subscription_id: subscriptionId,
              route_id: mark.route,
              date: mark.date,
              meal: mark.meal,
              amount_paise: amountPaise,
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
        return { id: mark.id, status: 'applied', state: next };
      });
    } catch (error) {
      // SQLite serialises writers; on PostgreSQL a copy racing past the lock lands here.
      if (isUniqueViolation(error) && (await markExists(db, mark.id))) {
        return { id: mark.id, status: 'duplicate' };
      }
      throw error;
    }
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
    const ids = [...new Set(marks.map((mark) => mark.id))];
    // Each date and meal's deliveries of the batch's own customers: a stop is on its run sheet by
    // the same rules whoever else is, so a batch reads its customers, not the whole day. Read
    // before the first mark, all at once, beside the marks already stored.
    const runs = new Map<string, Promise<Awaited<ReturnType<typeof deliveriesOfRun>>>>();
    for (const mark of marks) {
      const key = `${mark.date}/${mark.meal}`;
      if (runs.has(key)) continue;
      const customers = marks
        .filter((one) => one.date === mark.date && one.meal === mark.meal)
        .map((one) => one.customer);
      runs.set(
        key,
        deliveriesOfRun(ctx, mark.date, mark.meal, { onlyUsers: [...new Set(customers)] }),
      );
    }
    const runOf = (date: string, meal: Meal) => runs.get(`${date}/${meal}`)!;
    const storedIds = db.selectFrom('delivery_marks').select('id').where('id', 'in', ids).execute();
    // Settled before any is awaited alone, so one failing read leaves no other unhandled.
    await Promise.allSettled([storedIds, ...runs.values()]);
    const known = new Set((await storedIds).map((row) => row.id));
    const outcomes: MarkOutcome[] = [];
    for (const mark of marks) {
      if (known.has(mark.id)) {
        outcomes.push({ id: mark.id, status: 'duplicate' });
        continue;
      }
      const refuse = (key: Parameters<typeof refusal>[0]) =>
        outcomes.push({ id: mark.id, status: 'refused', refusal: refusal(key) });
      const run = await runOf(mark.date, mark.meal);
      const marked = run.routes.find((route) => route.id === mark.route);
      if (asRider && !marked?.riders.some((rider) => rider.id === actor.id)) {
        refuse('delivery_stop.not_your_route');
        continue;
      }
      const delivery = run.deliveries.find((one) => one.user_id === mark.customer);
      if (!delivery) {
        refuse('delivery_stop.not_on_run_sheet');
        continue;
      }
      const route = routeOfDelivery(run.routes, delivery);
      if (!route) {
        refuse('delivery_stop.not_on_run_sheet');
        continue;
      }
      if (route.id !== mark.route) {
        refuse('delivery_stop.moved');
        continue;
      }
      const outcome = await applyMark(actor, mark, delivery.subscription_id);
      if (outcome.status !== 'refused') known.add(mark.id);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  async function readCollection(executor: Executor, id: number) {
    const row = await cashCollectionSelect(executor).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /**
   * Confirms a pending collection as a counter payment in cash, through the payment store's
   * offline path with the collection's own request id, so it is recorded once however often this
   * runs (a retry, two owners at once).
   */
  async function confirmCollection(actor: User, id: number) {
    const row = await readCollection(db, id);
    if (row.status !== 'pending') throw refusalError(refusal('cash_collection.not_pending'));
    const subscription = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', row.subscription_id)
      .executeTakeFirstOrThrow();
    const today = deps.today();
    const payment = await payments.recordOffline(actor, subscription, {
      amountPaise: row.amount_paise,
      mode: 'cash',
      reference: null,
      receivedOn: row.date < today ? row.date : today,
      note: `Cash collected on delivery (${row.date}, ${row.meal}).`,
      requestId: `cash-collection-${row.id}`,
    });
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('cash_collections')
        .set({
          status: 'confirmed',
          payment_id: payment.id,
          decided_by: actor.id,
          decided_at: nowIso(deps),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        await recordAudit(deps, trx, {
          actor,
          action: 'cash_collection.confirm',
          objectType: 'cash_collection',
          objectId: id,
          summary: `Confirmed ${formatMoney('en', row.amount_paise)} cash collected on delivery as payment #${payment.id}.`,
          before: { status: 'pending' },
          after: { status: 'confirmed', payment_id: payment.id },
        });
      }
    });
    const after = await readCollection(db, id);
    // A concurrent confirmation recorded the same payment: the same answer.
    if (after.status !== 'confirmed' || after.payment_id !== payment.id) {
      throw refusalError(refusal('cash_collection.not_pending'));
    }
    return cashCollectionBody(after);
  }

  async function rejectCollection(actor: User, id: number, reason: string) {
    const row = await readCollection(db, id);
    if (row.status !== 'pending') throw refusalError(refusal('cash_collection.not_pending'));
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('cash_collections')
        .set({
          status: 'rejected',
          reject_reason: reason.trim(),
          decided_by: actor.id,
          decided_at: nowIso(deps),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw refusalError(refusal('cash_collection.not_pending'));
      }
      await recordAudit(deps, trx, {
        actor,
        action: 'cash_collection.reject',
        objectType: 'cash_collection',
        objectId: id,
        summary: `Rejected ${formatMoney('en', row.amount_paise)} cash reported on delivery: ${reason.trim()}`,
        before: { status: 'pending' },
        after: { status: 'rejected', reject_reason: reason.trim() },
      });
    });
    return cashCollectionBody(await readCollection(db, id));
  }

  return {
    createRoute,
    updateRoute,
    deleteRoute,
    reorder,
    applyMarks,
    confirmCollection,
    rejectCollection,
  };
}
