// Moving many subscriptions' end dates as one idempotent operation: "extend every active subscriber
// by N days", and a closed day's extensions and their reversal (lifecycles/closed-day). The
// operation is an adjustment_batches row named by a unique operation key; creating it lists the
// subscriptions it covers (one subscription_adjustments row each) and writes its audit entry, all
// in one transaction. Each listed row is then claimed with a conditional UPDATE and applied through
// the subscription machine (subscription.adjust) in the same transaction, so a retried, doubled or
// half-finished request moves every subscription exactly once and a retry finishes the rest.
import { normalizedReason, refusal } from '@machines/shared';
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { AdjustmentBatchesTable, Subscription, User } from '@server/platform/db/schema.js';
import { ApiError, refusalError } from '@server/errors.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import {
  type AdjustEvent,
  type AdjustmentRequest,
  type SubscriptionStore,
} from './subscription.store.js';
import { subscriptionStatusIs } from './subscription.read.js';

export type AdjustmentBatch = Selectable<AdjustmentBatchesTable>;

/** Subscriptions applied per transaction: short transactions, so other writers are not held up. */
const CHUNK_SIZE = 100;
/** Subscriptions listed per INSERT when a batch is created. */
const LIST_SIZE = 500;

const keyReused = refusal('adjustment.key_reused');

export interface BatchRequest extends AdjustmentRequest {
  /** Names the operation; without one, the business date, days and reason name it. */
  operationKey?: string;
}

export interface BatchOutcome {
  batch: AdjustmentBatch;
  /** An earlier request had already created this operation. */
  replayed: boolean;
  moved: number;
  skipped: number;
  /** Tells each customer this request moved; run after answering. */
  notify(): Promise<void>;
}

/** The server's name for an operation without a key: same day, days and reason = same operation. */
function derivedOperationKey(businessDate: string, days: number, reason: string): string {
  const digest = createHash('sha256').update(normalizedReason(reason)).digest('hex').slice(0, 24);
  return `auto:${businessDate}:${days}:${digest}`;
}

export type AdjustmentBatches = ReturnType<typeof createAdjustmentBatches>;

export function createAdjustmentBatches(deps: StoreDeps, subscriptions: SubscriptionStore) {
  const db = deps.db.kysely;

  /**
   * Inside the caller's transaction: the operation named `operationKey`, listing `targets` (one
   * subscription_adjustments row each), made by `owner` (for a closure rule's date the scheduler
   * closes, the rule's maker, whose account may be gone: id null). Throws a unique violation when the key exists. The
   * operation is then applied by applyPending, by this request or whichever comes next.
   */
  async function list(
    trx: Executor,
    owner: Pick<User, 'username'> & { readonly id: number | null },
    operation: { operationKey: string; days: number; reason: string; targets: readonly number[] },
  ): Promise<AdjustmentBatch> {
    const at = nowIso(deps);
    const created = await trx
      .insertInto('adjustment_batches')
      .values({
        operation_key: operation.operationKey,
        days: operation.days,
        reason: operation.reason,
        business_date: deps.today(),
        actor_id: owner.id,
        actor_username: owner.username,
        target_count: operation.targets.length,
        created_at: at,
        completed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (let start = 0; start < operation.targets.length; start += LIST_SIZE) {
      await trx
        .insertInto('subscription_adjustments')
        .values(
          operation.targets.slice(start, start + LIST_SIZE).map((subscriptionId) => ({
            subscription_id: subscriptionId,
            batch_id: created.id,
            days: operation.days,
            reason: operation.reason,
            actor_id: owner.id,
            actor_username: owner.username,
            created_at: at,
            outcome: null,
            refusal_code: null,
            before_end_date: null,
            after_end_date: null,
            applied_at: null,
          })),
        )
        .execute();
    }
    return created;
  }

  /**
   * Inside the caller's transaction: the batch's rows still waiting are not applied any more
   * (skipped with `refusalCode`). A row another request has claimed is waited for, so what it
   * moved is read after this returns.
   */
  async function withdrawPending(trx: Executor, batchId: number, refusalCode: string) {
    await trx
      .updateTable('subscription_adjustments')
      .set({ applied_at: nowIso(deps), outcome: 'skipped', refusal_code: refusalCode })
      .where('batch_id', '=', batchId)
      .where('applied_at', 'is', null)
      .execute();
  }

  /** The subscriptions a batch moved. */
  async function movedBy(trx: Executor, batchId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('subscription_adjustments')
      .select('subscription_id')
      .where('batch_id', '=', batchId)
      .where('outcome', '=', 'moved')
      .orderBy('subscription_id')
      .execute();
    return rows.map((row) => row.subscription_id);
  }

  /** Creates "extend all" with its list of subscriptions and its audit entry, or finds it. */
  async function begin(
    owner: User,
    request: BatchRequest,
  ): Promise<{ batch: AdjustmentBatch; replayed: boolean }> {
    const today = deps.today();
    const reason = request.reason.trim();
    const operationKey =
      request.operationKey ?? derivedOperationKey(today, request.days, request.reason);
    try {
      const batch = await db.transaction().execute(async (trx) => {
        const targets = await trx
          .selectFrom('subscriptions')
          .select('id')
          .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
          // Running ones: a plan queued behind another moves with it (subscription.follow).
          .where('start_date', '<=', today)
          .orderBy('id')
          .execute();
        const listed = await list(trx, owner, {
          operationKey,
          days: request.days,
          reason,
          targets: targets.map((target) => target.id),
        });
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'subscription.adjust_all',
          objectType: 'adjustment_batch',
          objectId: listed.id,
          summary: {
            key: 'audit.summary.subscription.adjust_all',
            values: { count: targets.length, days: request.days, reason },
          },
          before: null,
          after: {
            days: request.days,
            reason,
            subscriptions: targets.length,
            operation_key: operationKey,
          },
        });
        return listed;
      });
      return { batch, replayed: false };
    } catch (error) {
      // Another request created this operation first (or before): continue it.
      if (!isUniqueViolation(error)) throw error;
      const batch = await db
        .selectFrom('adjustment_batches')
        .selectAll()
        .where('operation_key', '=', operationKey)
        .executeTakeFirstOrThrow();
      if (
        batch.days !== request.days ||
        normalizedReason(batch.reason) !== normalizedReason(reason)
      ) {
        throw refusalError(keyReused);
      }
      return { batch, replayed: true };
    }
  }

  /**
   * Applies the batch's rows still waiting, `chunkSize` per transaction. A row is claimed with a
   * conditional UPDATE before its subscription moves, in the same transaction: a concurrent
   * request waits for the claim (PostgreSQL) or runs after it (SQLite) and then skips the row.
   * Returns the subscriptions this call moved. `maxChunks` stops early (a run cut short).
   */
  async function applyPending(
    batch: AdjustmentBatch,
    { chunkSize = CHUNK_SIZE, maxChunks = Number.POSITIVE_INFINITY } = {},
  ): Promise<Subscription[]> {
    const moved: Subscription[] = [];
    for (let chunk = 0; chunk < maxChunks; chunk += 1) {
      const waiting = await db
        .selectFrom('subscription_adjustments')
        .select(['id', 'subscription_id'])
        .where('batch_id', '=', batch.id)
        .where('applied_at', 'is', null)
        .orderBy('id')
        .limit(chunkSize)
        .execute();
      if (waiting.length === 0) break;
      const movedNow = await db.transaction().execute(async (trx) => {
        const done: Subscription[] = [];
        const today = deps.today();
        for (const row of waiting) {
          const at = nowIso(deps);
          const claimed = await trx
            .updateTable('subscription_adjustments')
            .set({ applied_at: at })
            .where('id', '=', row.id)
            .where('applied_at', 'is', null)
            .returning('id')
            .executeTakeFirst();
          if (!claimed) continue;
          const event: AdjustEvent = {
            type: 'subscription.adjust',
            days: batch.days,
            reason: batch.reason,
            today,
          };
          try {
            const { before, after } = await subscriptions.moveEndDate(
              trx,
              row.subscription_id,
              event,
            );
            await trx
              .updateTable('subscription_adjustments')
              .set({
                outcome: 'moved',
                before_end_date: before.adjusted_end_date,
                after_end_date: after.adjusted_end_date,
              })
              .where('id', '=', row.id)
              .execute();
            done.push(after);
          } catch (error) {
            // The machine refused (the subscription was cancelled or ended since it was listed).
            if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
            await trx
              .updateTable('subscription_adjustments')
              .set({ outcome: 'skipped', refusal_code: error.body.error_code })
              .where('id', '=', row.id)
              .execute();
          }
        }
        return done;
      });
      moved.push(...movedNow);
    }
    return moved;
  }

  /** Marks the batch complete once nothing waits, and counts its outcomes. */
  async function finish(batch: AdjustmentBatch) {
    const counts = await db
      .selectFrom('subscription_adjustments')
      .select((eb) => [
        eb.fn.countAll<number>().as('listed'),
        eb.fn.count<number>('applied_at').as('applied'),
        eb.fn
          .sum<number>(eb.case().when('outcome', '=', 'moved').then(1).else(0).end())
          .as('moved'),
        eb.fn
          .sum<number>(eb.case().when('outcome', '=', 'skipped').then(1).else(0).end())
          .as('skipped'),
      ])
      .where('batch_id', '=', batch.id)
      .executeTakeFirstOrThrow();
    let current = batch;
    if (current.completed_at === null && Number(counts.applied) === Number(counts.listed)) {
      current =
        (await db
          .updateTable('adjustment_batches')
          .set({ completed_at: nowIso(deps) })
          .where('id', '=', batch.id)
          .where('completed_at', 'is', null)
          .returningAll()
          .executeTakeFirst()) ??
        (await db
          .selectFrom('adjustment_batches')
          .selectAll()
          .where('id', '=', batch.id)
          .executeTakeFirstOrThrow());
    }
    return {
      batch: current,
      moved: Number(counts.moved ?? 0),
      skipped: Number(counts.skipped ?? 0),
    };
  }

  /** The whole operation: begin (or find) it, apply what waits, finish, and say how many moved. */
  async function extendAll(owner: User, request: BatchRequest): Promise<BatchOutcome> {
    const { batch, replayed } = await begin(owner, request);
    const movedHere = await applyPending(batch);
    const finished = await finish(batch);
    return {
      ...finished,
      replayed,
      notify: async () => {
        for (const subscription of movedHere) {
          await subscriptions.notifyAdjusted(
            subscription,
            batch.days,
            batch.reason,
            `subscription-adjusted:${batch.id}:${subscription.id}`,
          );
        }
      },
    };
  }

  return { list, withdrawPending, movedBy, begin, applyPending, finish, extendAll };
}
