// What a payment link and a counter QR code share: each asks the provider for money a subscription
// owes, within what it owes, and ends (paid, withdrawn, closed) as its own machine decides. Each
// store asks its own machine and makes its own request at the provider; keeping a new one, ending
// one (by the owner, by the server, as the provider says) and settling the money paid on one are
// written here once, with their audit entries.
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { CounterQrStatus, PaymentLinkStatus, Refused } from '@machines';
import { ApiError, refusalDetail, refusalError, refusalsError } from '@server/errors.js';
import type { Database, Payment, User } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { auditPart, recordAudit, type AuditValue } from '@server/lifecycles/audit.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import { rememberDelivery } from '@server/lifecycles/payment/webhook-events.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { ProviderError } from '@server/services/payments/provider.js';
import { customerNameOf, requestProblems } from './payment-link.read.js';
import { subscriptionsWithCustomers } from '@server/lifecycles/subscription/subscription.read.js';

/** The shared steps' names for each kind of request: its table, and its words in the audit log. */
const REQUEST_NAMES = {
  payment_link: { table: 'payment_links', noun: 'payment link', ownerEnd: 'cancel', paid: 'paid' },
  counter_qr: {
    table: 'counter_qr_codes',
    noun: 'counter QR code',
    ownerEnd: 'close',
    paid: 'credited',
  },
} as const;

type RequestTable = (typeof REQUEST_NAMES)[keyof typeof REQUEST_NAMES]['table'];

/**
 * A request's status write as its store begins it (a status is written by its table's store
 * alone): its table's update with the status set. ifStillWaiting() ends it.
 */
export type StatusWrite = (
  executor: Executor,
  id: number,
  next: RequestStatus,
  at: string,
) => Promise<ClaimedRequest | undefined>;

/** How each kind of request is stored and named in the audit log. */
export interface RequestKind {
  objectType: keyof typeof REQUEST_NAMES;
  table: RequestTable;
  /** "payment link", "counter QR code". */
  noun: string;
  /** What the owner's ending one is called, as its audit action: a link is cancelled, a QR code closed. */
  ownerEnd: 'cancel' | 'close';
  /** Its status once paid. */
  paid: 'paid' | 'credited';
  /** Its store's status write: created → `next`, undefined when it had moved meanwhile. */
  endWaiting: StatusWrite;
}

/** A kind of request, with its store's status write. */
export const requestKind = (
  objectType: RequestKind['objectType'],
  endWaiting: StatusWrite,
): RequestKind => ({ objectType, ...REQUEST_NAMES[objectType], endWaiting });

/** A claimed request, as settleRequest records its payment. */
export interface ClaimedRequest {
  id: number;
  status: string;
  amount_paise: number;
  subscription_id: number;
  user_id: number;
  provider: string;
}

/** The columns a claim returns. */
const CLAIMED_COLUMNS = [
  'id',
  'status',
  'amount_paise',
  'subscription_id',
  'user_id',
  'provider',
] as const;

/**
 * Ends a store's status write (`.$call(ifStillWaiting(id))`): the one request, only while it is
 * created (a conditional UPDATE), answering its claimed columns.
 */
export function ifStillWaiting(id: number) {
  return <Table extends RequestTable>(
    update: UpdateQueryBuilder<Database, Table, Table, UpdateResult>,
  ) =>
    // One table's update is the union's as far as these columns go (each table has them); the
    // generic cannot say so.
    (update as unknown as UpdateQueryBuilder<Database, RequestTable, RequestTable, UpdateResult>)
      .where('id', '=', id)
      .where('status', '=', 'created')
      .returning(CLAIMED_COLUMNS)
      .executeTakeFirst();
}

/**
 * Claims a request paid: created → `next` by its store; with null (paid after it ended here) its
 * updated_at alone, while no payment is on it. Undefined when another delivery claimed it first.
 */
function claimPaid(
  executor: Executor,
  kind: RequestKind,
  id: number,
  next: RequestStatus | null,
  at: string,
): Promise<ClaimedRequest | undefined> {
  if (next !== null) return kind.endWaiting(executor, id, next, at);
  return executor
    .updateTable(kind.table)
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('paid_payment_id', 'is', null)
    .returning(CLAIMED_COLUMNS)
    .executeTakeFirst();
}

export type RequestStatus = PaymentLinkStatus | CounterQrStatus;

/** A machine's answer for a request: the status it moves to, or why not. */
type RequestDecision = { readonly ok: true; readonly next: RequestStatus } | Refused;

/** A request as the audit names it. */
export interface RequestFacts {
  id: number;
  /** The provider's id of the link or QR code. */
  providerId: string;
  status: string;
  amountPaise: number;
  subscriptionId: number;
}

/** A link's or QR code's row as the audit names it, with the provider's id of it. */
export const requestFacts = (
  row: { id: number; status: string; amount_paise: number | string; subscription_id: number },
  providerId: string,
): RequestFacts => ({
  id: row.id,
  providerId,
  status: row.status,
  amountPaise: Number(row.amount_paise),
  subscriptionId: row.subscription_id,
});

/**
 * The subscription a new request asks money for, with its customer and plan, and the amount the
 * request may ask (null: all that is unrequested), or the 400 the amount rules give.
 */
async function payableSubscription(
  db: Executor,
  subscriptionId: number,
  requested: number | null,
  now: string,
) {
  const subscription = await subscriptionsWithCustomers(db)
    .select([
      's.id',
      's.user_id',
      's.status',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone',
      'u.email',
      'p.name as plan_name',
    ])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
  if (!subscription) {
    throw new ApiError(400, {
      subscription: ['The record you chose does not exist.'],
      error_code: 'does_not_exist',
    });
  }
  const { amountPaise, problems } = await requestProblems(db, subscription.id, requested, now);
  if (problems.length > 0) throw refusalsError(problems);
  return { subscription, amountPaise };
}

/** A call to the payment provider: its refusal is logged as `failure` and answered with 502. */
export async function atProvider<T>(
  deps: StoreDeps,
  failure: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.error({ err: error }, failure);
    throw refusalDetail(502, 'payment.provider_unavailable');
  }
}

/** The columns every new request's row has, as keepNewRequest fills them. */
interface NewRequestColumns {
  provider: string;
  user_id: number;
  subscription_id: number;
  amount_paise: number;
  status: 'created';
  paid_payment_id: null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** What a new request asks: the subscription (with its customer and plan), the amount, and when. */
export interface RequestAsked {
  subscription: Awaited<ReturnType<typeof payableSubscription>>['subscription'];
  amountPaise: number;
  createdAt: string;
}

/** A request the provider has just made, as its store hands it over to be kept. */
export interface MadeRequest {
  /** The provider's id of the request. */
  providerId: string;
  /** What the audit entry keeps of it besides its amount. */
  after: Record<string, unknown>;
  /** Inserts its row: the columns given and its own. */
  insert: (trx: Executor, columns: NewRequestColumns) => Promise<{ id: number }>;
  /** Withdraws it at the provider, when it is not kept here. */
  undo: () => Promise<unknown>;
}

/**
 * Makes a new request for what the subscription owes (or the part asked): the amount rules first,
 * then `make` asks the provider for it, then it is kept here (keepNewRequest). Answers its id.
 */
export async function makeRequest(
  deps: StoreDeps,
  kind: RequestKind,
  owner: User | null,
  input: { provider: string; subscriptionId: number; amountPaise: number | null },
  make: (asked: RequestAsked) => Promise<MadeRequest>,
): Promise<number> {
  const { subscription, amountPaise } = await payableSubscription(
    deps.db.kysely,
    input.subscriptionId,
    input.amountPaise,
    nowIso(deps),
  );
  const asked = { subscription, amountPaise, createdAt: nowIso(deps) };
  return keepNewRequest(
    deps,
    kind,
    { owner, provider: input.provider, ...asked },
    await make(asked),
  );
}

/**
 * Keeps a request the provider has just made, audited, in one transaction; when it is not kept
 * (the amount rules refuse it now, or the insert fails), `undo` withdraws it at the provider, where
 * it must not stay payable.
 */
async function keepNewRequest(
  deps: StoreDeps,
  kind: RequestKind,
  {
    owner,
    provider,
    subscription,
    amountPaise,
    createdAt,
  }: RequestAsked & {
    owner: User | null;
    provider: string;
  },
  request: MadeRequest,
): Promise<number> {
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      // Asked again under the subscription's lock: a link or QR made meanwhile may have taken
      // what was unrequested.
      const again = await requestProblems(
        trx,
        subscription.id,
        amountPaise,
        nowIso(deps),
        deps.db.dialect === 'postgres',
      );
      if (again.problems.length > 0) throw refusalsError(again.problems);
      const { id } = await request.insert(trx, {
        provider,
        user_id: subscription.user_id,
        subscription_id: subscription.id,
        amount_paise: amountPaise,
        status: 'created',
        paid_payment_id: null,
        created_by: owner?.id ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      });
      await recordAudit(deps, trx, {
        actor: owner,
        action: `${kind.objectType}.create`,
        objectType: kind.objectType,
        objectId: id,
        summary: {
          key: `audit.summary.${kind.objectType}.create`,
          values: {
            amount: { money: amountPaise },
            customer: customerNameOf(subscription),
            subscription: subscription.id,
            provider: request.providerId,
          },
        },
        before: null,
        after: { amount_paise: amountPaise, ...request.after },
      });
      return id;
    });
  } catch (error) {
    await request.undo().catch((undoError: unknown) => {
      deps.log.warn(
        { err: undoError, providerId: request.providerId },
        `could not withdraw an unkept ${kind.noun}`,
      );
    });
    throw error;
  }
}

/** How one store's requests end: read, asked of its machine, and withdrawn at the provider. */
export interface RequestEnding<Row> {
  read: (executor: Executor, id: number) => Promise<Row>;
  facts: (row: Row) => RequestFacts;
  /** The machine's answer to ending it now (the owner's cancel or close, the server's withdrawal). */
  decideEnd: (row: Row) => RequestDecision;
  /** Ends it at the provider, by its provider's id. */
  atProvider: (providerId: string) => Promise<unknown>;
}

/** The two ways a store's request waiting for payment is ended here: by the owner, by the server. */
export function requestEnds<Row>(deps: StoreDeps, kind: RequestKind, ending: RequestEnding<Row>) {
  const db = deps.db.kysely;

  /** The owner ends one: at the provider (`failure` logs its refusal), then here, audited. */
  async function byOwner(owner: User, id: number, failure: string): Promise<Row> {
    const row = await ending.read(db, id);
    const decision = ending.decideEnd(row);
    if (!decision.ok) throw refusalError(decision);
    const request = ending.facts(row);
    await atProvider(deps, failure, () => ending.atProvider(request.providerId));
    await db.transaction().execute(async (trx) => {
      if (!(await kind.endWaiting(trx, id, decision.next, nowIso(deps)))) {
        // Paid (or ended) meanwhile: the machine says why, from the row as it is now.
        const refused = ending.decideEnd(await ending.read(trx, id));
        if (!refused.ok) throw refusalError(refused);
      }
      await recordAudit(deps, trx, {
        actor: owner,
        action: `${kind.objectType}.${kind.ownerEnd}`,
        objectType: kind.objectType,
        objectId: id,
        summary: {
          key: `audit.summary.${kind.objectType}.${kind.ownerEnd}`,
          values: {
            provider: request.providerId,
            amount: { money: request.amountPaise },
            subscription: request.subscriptionId,
          },
        },
        before: { status: request.status },
        after: { status: decision.next },
      });
    });
    return ending.read(db, id);
  }

  /**
   * Withdraws one that asks for more than its subscription still owes (the due was settled another
   * way): ended at the provider first, then here, as the machine decides, audited as the server's
   * own step, in one transaction (false: it had moved meanwhile, and nothing is written). A
   * provider that cannot be reached leaves it open (thrown, and logged by the caller): the hourly
   * sweep tries again, and money paid on it meanwhile becomes an advance.
   */
  async function withdraw(id: number, reason: AuditValue): Promise<boolean> {
    const row = await ending.read(db, id);
    const decision = ending.decideEnd(row);
    if (!decision.ok) return false;
    const request = ending.facts(row);
    await ending.atProvider(request.providerId);
    return db.transaction().execute(async (trx) => {
      if (!(await kind.endWaiting(trx, id, decision.next, nowIso(deps)))) return false;
      await recordAudit(deps, trx, {
        actor: null,
        action: `${kind.objectType}.withdraw`,
        objectType: kind.objectType,
        objectId: request.id,
        summary: {
          key: `audit.summary.${kind.objectType}.withdraw`,
          values: {
            provider: request.providerId,
            amount: { money: request.amountPaise },
            subscription: request.subscriptionId,
            reason,
          },
        },
        before: { status: request.status },
        after: { status: decision.next },
      });
      return true;
    });
  }

  return { byOwner, withdraw };
}

/** A request ends as the provider says (expired, closed, cancelled), once. */
export async function endAsProviderSays(
  deps: StoreDeps,
  kind: RequestKind,
  id: number,
  decision: RequestDecision,
): Promise<'processed' | 'duplicate'> {
  if (!decision.ok) return 'duplicate';
  return (await kind.endWaiting(deps.db.kysely, id, decision.next, nowIso(deps)))
    ? 'processed'
    : 'duplicate';
}

export type SettleOutcome =
  | { status: 'processed'; payment: Payment }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string };

/** A request's row as settling reads it. */
interface SettledRow {
  id: number;
  status: RequestStatus;
  amount_paise: number | string;
  paid_payment_id: number | null;
}

/** What a provider's event says about the money paid on a request (Razorpay's payment entity). */
export interface PaidFacts {
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
  /** When the customer paid (ISO instant): one paid before it ended is paid even if told later. */
  paidAt: string;
}

/** The money the provider says was paid on a request. */
interface RequestPayment extends PaidFacts {
  /** The provider's delivery, remembered once: its event's type and its id. */
  delivery: { eventType: string; eventId: string };
  providerId: string;
  providerOrderId: string | null;
  /** What the payment's reference names the request. */
  reference: string;
}

/**
 * Claims a request and records its payment, once, when the amount paid is the one it asks (else
 * it is ignored). The delivery, the claim and the payment commit together or not at all. `decision` is the machine's answer to paying it when it was paid: money
 * paid on one that had ended here first (withdrawn, closed, expired) was still captured, and is
 * recorded all the same, through the settle path, which keeps what nothing owes as the customer's
 * advance; the request stays as it ended. The customer is told after the commit.
 */
export async function settleRequest(
  deps: StoreDeps,
  payments: PaymentStore,
  kind: RequestKind,
  row: SettledRow,
  decision: RequestDecision,
  paid: RequestPayment,
): Promise<SettleOutcome> {
  if (paid.amountPaise !== Number(row.amount_paise)) {
    return { status: 'ignored', reason: 'paid amount differs' };
  }
  let outcome: SettleOutcome;
  try {
    outcome = await deps.db.kysely.transaction().execute(async (trx): Promise<SettleOutcome> => {
      if (!(await rememberDelivery(trx, { ...paid.delivery, at: nowIso(deps) }))) {
        return { status: 'duplicate' };
      }
      if (row.status === kind.paid || row.paid_payment_id !== null) return { status: 'duplicate' };
      const at = nowIso(deps);
      // Paid as it should be: claimed (created → paid). Paid after it ended here: the money is
      // recorded on it as it ended, once (the delivery above and paid_payment_id).
      const claimed = await claimPaid(trx, kind, row.id, decision.ok ? decision.next : null, at);
      if (!claimed) return { status: 'duplicate' };
      const payment = await payments.settleReceived(trx, {
        subscriptionId: claimed.subscription_id,
        userId: claimed.user_id,
        amountPaise: Number(claimed.amount_paise),
        gateway: claimed.provider,
        paymentMode: paid.method ?? 'upi',
        providerPaymentId: paid.providerPaymentId,
        providerOrderId: paid.providerOrderId,
        reference: paid.reference,
      });
      await trx
        .updateTable(kind.table)
        .set({ paid_payment_id: payment.id })
        .where('id', '=', claimed.id)
        .execute();
      if (!decision.ok) {
        await auditPaidAfterEnd(deps, trx, kind, requestFacts(claimed, paid.providerId), payment);
      }
      return { status: 'processed', payment };
    });
  } catch (error) {
    // A subscription deleted meanwhile cannot take a payment: nothing is written, and the owner
    // sees the money at the provider.
    if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
    deps.log.warn({ err: error, providerId: paid.providerId }, `${kind.noun} payment not applied`);
    return { status: 'ignored', reason: 'not applied' };
  }
  if (outcome.status === 'processed') await payments.afterSettled(outcome.payment);
  return outcome;
}

/**
 * Audits money paid on a request that had already ended (withdrawn, closed, expired): recorded as
 * the payment it is, and the part its subscription no longer owed kept as the customer's advance.
 */
function auditPaidAfterEnd(
  deps: StoreDeps,
  trx: Executor,
  kind: RequestKind,
  request: Pick<RequestFacts, 'id' | 'providerId' | 'status'>,
  payment: Payment,
): Promise<void> {
  return recordAudit(deps, trx, {
    actor: null,
    action: `${kind.objectType}.paid_after_end`,
    objectType: kind.objectType,
    objectId: request.id,
    summary: {
      key: `audit.summary.${kind.objectType}.paid_after_end`,
      values: {
        amount: { money: payment.amount_paise },
        status: request.status,
        provider: request.providerId,
        payment: payment.id,
        kept: auditPart(Number(payment.advance_paise) > 0, 'audit.part.advance_kept', {
          amount: { money: Number(payment.advance_paise) },
        }),
      },
    },
    before: { status: request.status },
    after: { status: request.status, payment_id: payment.id },
  });
}
