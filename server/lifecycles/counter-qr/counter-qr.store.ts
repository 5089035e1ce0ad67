// The counter QR codes' store: the only code that writes a QR's status. A QR is created at the
// provider (Razorpay's QR Codes API: upi_qr, single_use, fixed_amount) for an amount the
// subscription owes (the payment-link amount rules), closed by the owner, and settled from the
// provider's signed qr_code.credited webhook: in one transaction the delivery is remembered, the QR
// claimed (a conditional UPDATE created → credited, as machines/counter-qr decides) and the SUCCESS
// payment recorded through the payment store's one settle path, so any number of deliveries give
// one payment. The customer is told after the commit.
import {
  COUNTER_QR_LIFETIME_MINUTES,
  counterQrFromApi,
  counterQrMachine,
  decide,
  type CounterQrEvent,
  type CounterQrStatus,
} from '@machines';
import { found, refusalDetail } from '@server/errors.js';
import type { User } from '@server/platform/db/schema.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import {
  atProvider,
  ifStillWaiting,
  requestKind,
  endAsProviderSays,
  makeRequest,
  requestEnds,
  requestFacts,
  settleRequest,
  type PaidFacts,
  type SettleOutcome,
} from '@server/lifecycles/payment-link/payment-request.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { PaymentProvider } from '@server/services/payments/provider.js';
import { counterQrSelect, type CounterQrRow } from './counter-qr.read.js';

const MINUTE_MS = 60 * 1000;

export interface NewCounterQr {
  subscriptionId: number;
  /** Null: everything the subscription owes. */
  amountPaise: number | null;
}

/** What a qr_code.credited webhook says about the payment. */
export interface QrCreditFacts extends PaidFacts {
  qrId: string;
}

export type CounterQrStore = ReturnType<typeof createCounterQrStore>;

/** A counter QR code to the shared request steps (payment-request.ts), with its status write. */
const COUNTER_QR_KIND = requestKind('counter_qr', (executor, id, next, at) =>
  executor
    .updateTable('counter_qr_codes')
    .set({ status: next as CounterQrStatus, updated_at: at })
    .$call(ifStillWaiting(id)),
);

export function createCounterQrStore(
  deps: StoreDeps,
  payments: PaymentStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;

  const read = (executor: Executor, id: number): Promise<CounterQrRow> =>
    found(counterQrSelect(executor).where('q.id', '=', id).executeTakeFirst());

  const decideFor = (
    row: { status: CounterQrStatus; close_by: string },
    event: CounterQrEvent,
    now = nowIso(deps),
  ) => decide(counterQrMachine, counterQrFromApi(row, now), event);

  /** Creates a QR at the provider for what the subscription owes (or part of it), audited. */
  async function create(owner: User, input: NewCounterQr): Promise<CounterQrRow> {
    if (!provider.qrCodes) throw refusalDetail(400, 'counter_qr.not_supported');
    const id = await makeRequest(
      deps,
      COUNTER_QR_KIND,
      owner,
      { ...input, provider: provider.name },
      async ({ subscription, amountPaise, createdAt }) => {
        const closeBy = new Date(Date.parse(createdAt) + COUNTER_QR_LIFETIME_MINUTES * MINUTE_MS);
        const qr = await atProvider(deps, 'payment provider refused the QR code', () =>
          provider.createQrCode({
            amountPaise,
            name: `${deps.config.business.name} counter`,
            description: `${subscription.plan_name} #${subscription.id}`,
            closeBy,
            notes: { subscription_id: String(subscription.id) },
          }),
        );
        return {
          providerId: qr.id,
          after: { qr_id: qr.id, close_by: closeBy.toISOString() },
          insert: (trx, columns) =>
            trx
              .insertInto('counter_qr_codes')
              .values({
                ...columns,
                provider_qr_id: qr.id,
                upi_uri: qr.upiUri,
                image_url: qr.imageUrl,
                close_by: closeBy.toISOString(),
              })
              .returning('id')
              .executeTakeFirstOrThrow(),
          undo: () => provider.closeQrCode(qr.id),
        };
      },
    );
    return read(db, id);
  }

  const ends = requestEnds(deps, COUNTER_QR_KIND, {
    read,
    facts: (row) => requestFacts(row, row.provider_qr_id),
    decideEnd: (row) => decideFor(row, { type: 'counter_qr.close' }),
    atProvider: (qrId) => provider.closeQrCode(qrId),
  });

  /** Closes a QR waiting for payment, at the provider and here, audited. */
  const close = (owner: User, id: number): Promise<CounterQrRow> =>
    ends.byOwner(owner, id, 'payment provider refused to close the QR code');

  const byProviderId = (executor: Executor, qrId: string) =>
    executor
      .selectFrom('counter_qr_codes')
      .selectAll()
      .where('provider_qr_id', '=', qrId)
      .executeTakeFirst();

  /**
   * qr_code.credited: claims the QR and records its payment, once, keyed by the QR's id (it is
   * single use). Money credited to a QR that ended here first (closed because the due was settled
   * another way) is recorded all the same, as payment-request.ts settles it.
   */
  async function settleCredited(facts: QrCreditFacts): Promise<SettleOutcome> {
    const qr = await byProviderId(db, facts.qrId);
    if (!qr) return { status: 'ignored', reason: 'unknown QR code' };
    return settleRequest(
      deps,
      payments,
      COUNTER_QR_KIND,
      qr,
      decideFor(qr, { type: 'counter_qr.credit' }, facts.paidAt),
      {
        ...facts,
        delivery: {
          eventType: 'qr_code.credited',
          eventId: `qr_code.credited:${qr.provider_qr_id}`,
        },
        providerId: qr.provider_qr_id,
        providerOrderId: null,
        reference: `Counter QR code ${qr.provider_qr_id}`,
      },
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
    return endAsProviderSays(deps, COUNTER_QR_KIND, qr.id, decideFor(qr, event));
  }

  return {
    create,
    close,
    /**
     * Withdraws a QR waiting for payment that asks for more than its subscription still owes (the
     * due was settled another way): closed at the provider first, then here.
     */
    withdraw: ends.withdraw,
    settleCredited,
    endFromProvider,
    read: (id: number) => read(db, id),
  };
}
