// The payment links' store: the only code that writes a link's status. A link is created at the
// provider for an amount the subscription owes (machines/payment-link's rules), cancelled by the
// owner, and settled from the provider's signed payment_link.paid webhook: in one transaction the
// delivery is remembered, the link claimed (a conditional UPDATE created → paid, as the machine
// decides) and the SUCCESS payment recorded through the payment store's one settle path, so any
// number of deliveries give one payment. The customer is told after the commit.
import { rememberDelivery } from '@server/lifecycles/payment/webhook-events.js';
import { randomBytes } from 'node:crypto';
import {
  decide,
  paymentLinkFromApi,
  paymentLinkMachine,
  PAYMENT_LINK_LIFETIME_DAYS,
  type PaymentLinkEvent,
  type PaymentLinkStatus,
} from '@machines';
import { ApiError, notFound, refusalDetail, refusalError, refusalsError } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { Payment, User } from '@server/platform/db/schema.js';
import { formatMoney } from '@server/platform/i18n.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { ProviderError, type PaymentProvider } from '@server/services/payments/provider.js';
import {
  customerNameOf,
  paymentLinkSelect,
  requestProblems,
  type PaymentLinkRow,
} from './payment-link.read.js';
import {
  auditPaidAfterEnd,
  PAYMENT_LINK_KIND,
  payableSubscription,
  recordWithdrawal,
  requestFacts,
} from './payment-request.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewPaymentLink {
  subscriptionId: number;
  /** Null: everything the subscription owes. */
  amountPaise: number | null;
}

/** What a paid webhook says about the payment (Razorpay's payment entity). */
export interface LinkPaymentFacts {
  linkId: string;
  referenceId: string | null;
  providerPaymentId: string;
  providerOrderId: string | null;
  amountPaise: number;
  method: string | null;
  /** When the customer paid (ISO instant): a link paid before it expired is paid even if told later. */
  paidAt: string;
}

export type PaidOutcome =
  | { status: 'processed'; payment: Payment }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string };

export type PaymentLinkStore = ReturnType<typeof createPaymentLinkStore>;

export function createPaymentLinkStore(
  deps: StoreDeps,
  payments: PaymentStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;

  async function read(executor: Executor, id: number): Promise<PaymentLinkRow> {
    const row = await paymentLinkSelect(executor).where('l.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const decideFor = (
    row: { status: PaymentLinkStatus; expire_by: string },
    event: PaymentLinkEvent,
    now = nowIso(deps),
  ) => decide(paymentLinkMachine, paymentLinkFromApi(row, now), event);

  /**
   * Creates a link at the provider for what the subscription owes (or part of it), audited. The
   * owner asks for it, or the server itself (null) for a dues reminder.
   */
  async function create(owner: User | null, input: NewPaymentLink): Promise<PaymentLinkRow> {
    const { subscription, amountPaise } = await payableSubscription(
      db,
      input.subscriptionId,
      input.amountPaise,
      nowIso(deps),
    );

    const settings = await readSettings(db);
    const lifetimeDays = settings.upi?.link_expiry_days ?? PAYMENT_LINK_LIFETIME_DAYS;
    const createdAt = nowIso(deps);
    const expireBy = new Date(Date.parse(createdAt) + lifetimeDays * DAY_MS);
    const referenceId = `dabba_${subscription.id}_${randomBytes(6).toString('hex')}`;
    const description = `${deps.config.business.name}: ${subscription.plan_name} (#${subscription.id})`;
    let link;
    try {
      link = await provider.createPaymentLink({
        amountPaise,
        currency: 'INR',
        referenceId,
        description,
        expireBy,
        customer: {
          name: customerNameOf(subscription),
          contact: subscription.phone,
          email: subscription.email || null,
        },
        notify: { sms: true, email: Boolean(subscription.email) },
        upiLink: true,
        notes: { subscription_id: String(subscription.id), reference_id: referenceId },
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider refused the payment link');
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
          .insertInto('payment_links')
          .values({
            provider: provider.name,
            provider_link_id: link.id,
            reference_id: referenceId,
            user_id: subscription.user_id,
            subscription_id: subscription.id,
            amount_paise: amountPaise,
            status: 'created',
            short_url: link.shortUrl,
            expire_by: expireBy.toISOString(),
            paid_payment_id: null,
            created_by: owner?.id ?? null,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'payment_link.create',
          objectType: 'payment_link',
          objectId: inserted.id,
          summary:
            `Sent a payment link for ${formatMoney('en', amountPaise)} to ` +
            `${customerNameOf(subscription)} for subscription #${subscription.id} (${link.id}).`,
          before: null,
          after: { amount_paise: amountPaise, link_id: link.id, expire_by: expireBy.toISOString() },
        });
        return inserted.id;
      });
    } catch (error) {
      // Not kept here: the link made at the provider must not stay payable there.
      await provider.cancelPaymentLink(link.id).catch((cancelError: unknown) => {
        deps.log.warn({ err: cancelError, linkId: link.id }, 'could not cancel an unkept link');
      });
      throw error;
    }
    return read(db, id);
  }

  /** Cancels a link waiting for payment, at the provider and here, audited. */
  async function cancel(owner: User, id: number): Promise<PaymentLinkRow> {
    const row = await read(db, id);
    const decision = decideFor(row, { type: 'payment_link.cancel' });
    if (!decision.ok) throw refusalError(decision);
    try {
      await provider.cancelPaymentLink(row.provider_link_id);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.error({ err: error }, 'payment provider refused to cancel the payment link');
      throw refusalDetail(502, 'payment.provider_unavailable');
    }
    await db.transaction().execute(async (trx) => {
      const cancelled = await trx
        .updateTable('payment_links')
        .set({ status: decision.next as PaymentLinkStatus, updated_at: nowIso(deps) })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!cancelled) {
        // Paid (or ended) meanwhile: the machine says why, from the row as it is now.
        const now = await read(trx, id);
        const refused = decideFor(now, { type: 'payment_link.cancel' });
        if (!refused.ok) throw refusalError(refused);
      }
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'payment_link.cancel',
        objectType: 'payment_link',
        objectId: id,
        summary: `Cancelled the payment link ${row.provider_link_id} for ${formatMoney('en', row.amount_paise)} (subscription #${row.subscription_id}).`,
        before: { status: row.status },
        after: { status: decision.next },
      });
    });
    return read(db, id);
  }

  const linkByProviderId = (executor: Executor, linkId: string) =>
    executor
      .selectFrom('payment_links')
      .selectAll()
      .where('provider_link_id', '=', linkId)
      .executeTakeFirst();

  /**
   * payment_link.paid: claims the link and records its payment, once, keyed by the link's
   * reference. The delivery, the claim and the payment commit together or not at all. Money paid on
   * a link that ended here first (cancelled because the due was settled another way, or withdrawn
   * while the customer paid) was still captured: it is recorded all the same, through the settle
   * path, which keeps what nothing owes as the customer's advance; the link stays as it ended.
   */
  async function settlePaid(facts: LinkPaymentFacts): Promise<PaidOutcome> {
    const link = await linkByProviderId(db, facts.linkId);
    if (!link) return { status: 'ignored', reason: 'unknown payment link' };
    if (facts.referenceId !== null && facts.referenceId !== link.reference_id) {
      return { status: 'ignored', reason: 'reference differs' };
    }
    if (facts.amountPaise !== Number(link.amount_paise)) {
      return { status: 'ignored', reason: 'paid amount differs' };
    }
    const decision = decideFor(link, { type: 'payment_link.pay' }, facts.paidAt);
    let outcome: PaidOutcome;
    try {
      outcome = await db.transaction().execute(async (trx): Promise<PaidOutcome> => {
        const delivery = {
          eventId: `payment_link.paid:${link.reference_id}`,
          eventType: 'payment_link.paid',
          at: nowIso(deps),
        };
        if (!(await rememberDelivery(trx, delivery))) {
          return { status: 'duplicate' };
        }
        if (link.status === 'paid' || link.paid_payment_id !== null) return { status: 'duplicate' };
        const at = nowIso(deps);
        // Paid as a link should be: claimed (created → paid). Paid after it ended here: the money
        // is recorded on the link as it ended, once (the delivery above and paid_payment_id).
        const claimed = decision.ok
          ? await trx
              .updateTable('payment_links')
              .set({ status: decision.next as PaymentLinkStatus, updated_at: at })
              .where('id', '=', link.id)
              .where('status', '=', 'created')
              .returningAll()
              .executeTakeFirst()
          : await trx
              .updateTable('payment_links')
              .set({ updated_at: at })
              .where('id', '=', link.id)
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
          providerOrderId: facts.providerOrderId,
          reference: `Payment link ${claimed.provider_link_id} (${claimed.reference_id})`,
        });
        await trx
          .updateTable('payment_links')
          .set({ paid_payment_id: payment.id })
          .where('id', '=', claimed.id)
          .execute();
        if (!decision.ok) {
          await auditPaidAfterEnd(
            deps,
            trx,
            PAYMENT_LINK_KIND,
            requestFacts(claimed, claimed.provider_link_id),
            payment,
          );
        }
        return { status: 'processed', payment };
      });
    } catch (error) {
      // A subscription deleted meanwhile cannot take a payment: nothing is written, and the owner
      // sees the money at the provider.
      if (!(error instanceof ApiError) && !isUniqueViolation(error)) throw error;
      deps.log.warn({ err: error, linkId: facts.linkId }, 'payment link payment not applied');
      return { status: 'ignored', reason: 'not applied' };
    }
    if (outcome.status === 'processed') await payments.afterSettled(outcome.payment);
    return outcome;
  }

  /**
   * Withdraws a link waiting for payment that asks for more than its subscription still owes (the
   * due was settled another way): cancelled at the provider first, then here, as the machine
   * decides, audited as the server's own step. A provider that cannot be reached leaves it open
   * (logged): the hourly sweep tries again, and money paid on it meanwhile becomes an advance.
   */
  async function withdraw(id: number, reason: string): Promise<boolean> {
    const row = await read(db, id);
    const decision = decideFor(row, { type: 'payment_link.cancel' });
    if (!decision.ok) return false;
    await provider.cancelPaymentLink(row.provider_link_id);
    return recordWithdrawal(
      deps,
      PAYMENT_LINK_KIND,
      requestFacts(row, row.provider_link_id),
      decision.next,
      reason,
      async (trx) =>
        (await trx
          .updateTable('payment_links')
          .set({ status: decision.next as PaymentLinkStatus, updated_at: nowIso(deps) })
          .where('id', '=', id)
          .where('status', '=', 'created')
          .returning('id')
          .executeTakeFirst()) !== undefined,
    );
  }

  /** payment_link.expired / .cancelled from the provider: the link ends so, once. */
  async function endFromProvider(
    linkId: string,
    event: 'payment_link.expire' | 'payment_link.cancel',
  ): Promise<'processed' | 'duplicate' | 'ignored'> {
    const link = await linkByProviderId(db, linkId);
    if (!link) return 'ignored';
    const decision = decideFor(link, { type: event });
    if (!decision.ok) return 'duplicate';
    const ended = await db
      .updateTable('payment_links')
      .set({ status: decision.next as PaymentLinkStatus, updated_at: nowIso(deps) })
      .where('id', '=', link.id)
      .where('status', '=', 'created')
      .returning('id')
      .executeTakeFirst();
    return ended ? 'processed' : 'duplicate';
  }

  return {
    create,
    cancel,
    withdraw,
    settlePaid,
    endFromProvider,
    read: (id: number) => read(db, id),
  };
}
