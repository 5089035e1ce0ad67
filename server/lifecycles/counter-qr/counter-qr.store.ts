// The counter QR codes' store: the only code that writes a QR's status. A QR is created at the
// provider (Razorpay's QR Codes API: upi_qr, single_use, fixed_amount) for an amount the
// subscription owes (the payment-link amount rules), closed by the owner, and settled from the
// provider's signed qr_code.credited webhook: in one transaction the delivery is remembered, the QR
// claimed (a conditional UPDATE created → credited, as machines/counter-qr decides) and the SUCCESS
// payment recorded through the payment store's one settle path, so any number of deliveries give
// one payment. The customer is told after the commit.
import { rememberDelivery } from '@server/lifecycles/payment/webhook-events.js';
import {
  COUNTER_QR_LIFETIME_MINUTES,
  counterQrFromApi,
  counterQrMachine,
  decide,
  type CounterQrEvent,
  type CounterQrStatus,
} from '@machines';
import { ApiError, notFound, refusalDetail, refusalError, refusalsError } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { Payment, User } from '@server/platform/db/schema.js';
import { formatMoney } from '@server/platform/i18n.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import {
  customerNameOf,
  requestProblems,
} from '@server/lifecycles/payment-link/payment-link.read.js';
import {
  auditPaidAfterEnd,
  COUNTER_QR_KIND,
  payableSubscription,
  recordWithdrawal,
  requestFacts,
} from '@server/lifecycles/payment-link/payment-request.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { ProviderError, type PaymentProvider } from '@server/services/payments/provider.js';
import { counterQrSelect, type CounterQrRow } from './counter-qr.read.js';

const MINUTE_MS = 60 * 1000;

export interface NewCounterQr {
  subscriptionId: number;
  /** Null: everything the subscription owes. */
  amountPaise: number | null;
}

/** What a qr_code.credited webhook says about the payment (Razorpay's payment entity). */
export interface QrCreditFacts {
  qrId: string;
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
  /** When the customer paid (ISO instant): a QR paid before it closed is paid even if told later. */
  paidAt: string;
}

export type CreditOutcome =
  | { status: 'processed'; payment: Payment }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string };

export type CounterQrStore = ReturnType<typeof createCounterQrStore>;

export function createCounterQrStore(
  deps: StoreDeps,
  payments: PaymentStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;

  async function read(executor: Executor, id: number): Promise<CounterQrRow> {
    const row = await counterQrSelect(executor).where('q.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const decideFor = (
    row: { status: CounterQrStatus; close_by: string },
    event: CounterQrEvent,
    now = nowIso(deps),
  ) => decide(counterQrMachine, counterQrFromApi(row, now), event);

  /** Creates a QR at the provider for what the subscription owes (or part of it), audited. */
  async function create(owner: User, input: NewCounterQr): Promise<CounterQrRow> {
    if (!provider.qrCodes) throw refusalDetail(400, 'counter_qr.not_supported');
    const { subscription, amountPaise } = await payableSubscription(
      db,
      input.subscriptionId,
      input.amountPaise,
      nowIso(deps),
    );

    const createdAt = nowIso(deps);
    const closeBy = new Date(Date.parse(createdAt) + COUNTER_QR_LIFETIME_MINUTES * MINUTE_MS);
    let qr;
    try {
      qr = await provider.createQrCode({
        amountPaise,
        name: `${deps.config.business.name} counter`,
        description: `${subscription.plan_name} #${subscription.id}`,
        closeBy,
        notes: { subscription_id: String(subscription.id) },
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider refused the QR code');
      throw refusalDetail(502, 'payment.provider_unavailable');
    }
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
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
        const inserted = await trx
          .insertInto('counter_qr_codes')
          .values({
            provider: provider.name,
            provider_qr_id: qr.id,
            user_id: subscription.user_id,
            subscription_id: subscription.id,
            amount_paise: amountPaise,
            status: 'created',
            upi_uri: qr.upiUri,
            image_url: qr.imageUrl,
            close_by: closeBy.toISOString(),
            paid_payment_id: null,
            created_by: owner.id,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'counter_qr.create',
          objectType: 'counter_qr',
          objectId: inserted.id,
          summary:
            `Showed a counter QR code for ${formatMoney('en', amountPaise)} to ` +
            `${customerNameOf(subscription)} for subscription #${subscription.id} (${qr.id}).`,
          before: null,
          after: { amount_paise: amountPaise, qr_id: qr.id, close_by: closeBy.toISOString() },
        });
        return inserted.id;
      });
    } catch (error) {
      // Not kept here: the QR made at the provider must not stay payable there.
      await provider.closeQrCode(qr.id).catch((closeError: unknown) => {
        deps.log.warn({ err: closeError, qrId: qr.id }, 'could not close an unkept QR code');
      });
      throw error;
    }
    return read(db, id);
  }

  /** Closes a QR waiting for payment, at the provider and here, audited. */
  async function close(owner: User, id: number): Promise<CounterQrRow> {
    const row = await read(db, id);
    const decision = decideFor(row, { type: 'counter_qr.close' });
    if (!decision.ok) throw refusalError(decision);
    try {
      await provider.closeQrCode(row.provider_qr_id);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider refused to close the QR code');
      throw refusalDetail(502, 'payment.provider_unavailable');
    }
    await db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('counter_qr_codes')
        .set({ status: decision.next as CounterQrStatus, updated_at: nowIso(deps) })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .returning('id')
        .executeTakeFirst();
      if (!closed) {
        // Paid (or ended) meanwhile: the machine says why, from the row as it is now.
        const refused = decideFor(await read(trx, id), { type: 'counter_qr.close' });
        if (!refused.ok) throw refusalError(refused);
      }
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'counter_qr.close',
        objectType: 'counter_qr',
        objectId: id,
        summary: `Closed the counter QR code ${row.provider_qr_id} for ${formatMoney('en', row.amount_paise)} (subscription #${row.subscription_id}).`,
        before: { status: row.status },
        after: { status: decision.next },
      });
    });
    return read(db, id);
  }

  const byProviderId = (executor: Executor, qrId: string) =>
    executor
      .selectFrom('counter_qr_codes')
      .selectAll()
      .where('provider_qr_id', '=', qrId)
      .executeTakeFirst();

  /**
   * qr_code.credited: claims the QR and records its payment, once, keyed by the QR's id (it is
   * single use). The delivery, the claim and the payment commit together or not at all. Money
   * credited to a QR that ended here first (closed because the due was settled another way) was
   * still captured: it is recorded all the same, through the settle path, which keeps what nothing
   * owes as the customer's advance; the QR stays as it ended.
   */
  async function settleCredited(facts: QrCreditFacts): Promise<CreditOutcome> {
    const qr = await byProviderId(db, facts.qrId);
    if (!qr) return { status: 'ignored', reason: 'unknown QR code' };
    if (facts.amountPaise !== Number(qr.amount_paise)) {
      return { status: 'ignored', reason: 'paid amount differs' };
    }
    const decision = decideFor(qr, { type: 'counter_qr.credit' }, facts.paidAt);
    let outcome: CreditOutcome;
    try {
      outcome = await db.transaction().execute(async (trx): Promise<CreditOutcome> => {
        const delivery = {
          eventId: `qr_code.credited:${qr.provider_qr_id}`,
          eventType: 'qr_code.credited',
          at: nowIso(deps),
        };
        if (!(await rememberDelivery(trx, delivery))) {
          return { status: 'duplicate' };
        }
        if (qr.status === 'credited' || qr.paid_payment_id !== null) return { status: 'duplicate' };
        const at = nowIso(deps);
        const claimed = decision.ok
          ? await trx
              .updateTable('counter_qr_codes')
              .set({ status: decision.next as CounterQrStatus, updated_at: at })
              .where('id', '=', qr.id)
              .where('status', '=', 'created')
              .returningAll()
              .executeTakeFirst()
          : await trx
              .updateTable('counter_qr_codes')
              .set({ updated_at: at })
              .where('id', '=', qr.id)
              .where('paid_payment_id', 'is', null)
              .returningAll()
              .executeTakeFirst();
        if (!claimed) return { status: 'duplicate' };
        const payment = await payments.settleReceived(trx, {
          subscriptionId: claimed.subscription_id,
          userId: claimed.user_id,
          amountPaise: Number(claimed.amount_paise),
          gateway: claimed.provider,
          paymentMode: facts.method ?? 'upi',
          providerPaymentId: facts.providerPaymentId,
          providerOrderId: null,
          reference: `Counter QR code ${claimed.provider_qr_id}`,
        });
        await trx
          .updateTable('counter_qr_codes')
          .set({ paid_payment_id: payment.id })
          .where('id', '=', claimed.id)
          .execute();
        if (!decision.ok) {
          await auditPaidAfterEnd(
            deps,
            trx,
            COUNTER_QR_KIND,
            requestFacts(claimed, claimed.provider_qr_id),
            payment,
          );
        }
        return { status: 'processed', payment };
      });
    } catch (error) {
      // A subscription deleted meanwhile cannot take a payment: nothing is written, and the owner
      // sees the money at the provider.
      if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
      deps.log.warn({ err: error, qrId: facts.qrId }, 'counter QR payment not applied');
      return { status: 'ignored', reason: 'not applied' };
    }
    if (outcome.status === 'processed') await payments.afterSettled(outcome.payment);
    return outcome;
  }

  /**
   * Withdraws a QR waiting for payment that asks for more than its subscription still owes (the due
   * was settled another way): closed at the provider first, then here, as the machine decides,
   * audited as the server's own step. A provider that cannot be reached leaves it open (logged):
   * the hourly sweep tries again, and money paid on it meanwhile becomes an advance.
   */
  async function withdraw(id: number, reason: string): Promise<boolean> {
    const row = await read(db, id);
    const decision = decideFor(row, { type: 'counter_qr.close' });
    if (!decision.ok) return false;
    await provider.closeQrCode(row.provider_qr_id);
    return recordWithdrawal(
      deps,
      COUNTER_QR_KIND,
      requestFacts(row, row.provider_qr_id),
      decision.next,
      reason,
      async (trx) =>
        (await trx
          .updateTable('counter_qr_codes')
          .set({ status: decision.next as CounterQrStatus, updated_at: nowIso(deps) })
          .where('id', '=', id)
          .where('status', '=', 'created')
          .returning('id')
          .executeTakeFirst()) !== undefined,
    );
  }

  /**
   * qr_code.closed from the provider: closed on demand, or expired at its close_by, once. A QR
   * closed because it was paid ends through its credited event.
   */
  async function endFromProvider(
    qrId: string,
    closeReason: string | null,
  ): Promise<'processed' | 'duplicate' | 'ignored'> {
    if (closeReason === 'paid') return 'ignored';
    const qr = await byProviderId(db, qrId);
    if (!qr) return 'ignored';
    const event: CounterQrEvent =
      Date.parse(nowIso(deps)) >= Date.parse(qr.close_by)
        ? { type: 'counter_qr.expire' }
        : { type: 'counter_qr.close' };
    const decision = decideFor(qr, event);
    if (!decision.ok) return 'duplicate';
    const ended = await db
      .updateTable('counter_qr_codes')
      .set({ status: decision.next as CounterQrStatus, updated_at: nowIso(deps) })
      .where('id', '=', qr.id)
      .where('status', '=', 'created')
      .returning('id')
      .executeTakeFirst();
    return ended ? 'processed' : 'duplicate';
  }

  return {
    create,
    close,
    withdraw,
    settleCredited,
    endFromProvider,
    read: (id: number) => read(db, id),
  };
}
