// The payment links' store: the only code that writes a link's status. A link is created at the
// provider for an amount the subscription owes (machines/payment-link's rules), cancelled by the
// owner, and settled from the provider's signed payment_link.paid webhook: in one transaction the
// delivery is remembered, the link claimed (a conditional UPDATE created → paid, as the machine
// decides) and the SUCCESS payment recorded through the payment store's one settle path, so any
// number of deliveries give one payment. The customer is told after the commit.
import { randomBytes } from 'node:crypto';
import {
  decide,
  paymentLinkFromApi,
  paymentLinkMachine,
  PAYMENT_LINK_LIFETIME_DAYS,
  type PaymentLinkEvent,
  type PaymentLinkStatus,
} from '@machines';
import { found } from '@server/errors.js';
import type { User } from '@server/platform/db/schema.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { PaymentProvider } from '@server/services/payments/provider.js';
import { customerNameOf, paymentLinkSelect, type PaymentLinkRow } from './payment-link.read.js';
import {
  atProvider,
  endAsProviderSays,
  ifStillWaiting,
  makeRequest,
  requestKind,
  requestEnds,
  requestFacts,
  settleRequest,
  type PaidFacts,
  type SettleOutcome,
} from './payment-request.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewPaymentLink {
  subscriptionId: number;
  /** Null: everything the subscription owes. */
  amountPaise: number | null;
}

/** What a paid webhook says about the payment. */
export interface LinkPaymentFacts extends PaidFacts {
  linkId: string;
  referenceId: string | null;
  providerOrderId: string | null;
}

export type PaymentLinkStore = ReturnType<typeof createPaymentLinkStore>;

/** A payment link to the shared request steps (payment-request.ts), with its status write. */
const PAYMENT_LINK_KIND = requestKind('payment_link', (executor, id, next, at) =>
  executor
    .updateTable('payment_links')
    .set({ status: next as PaymentLinkStatus, updated_at: at })
    .$call(ifStillWaiting(id)),
);

export function createPaymentLinkStore(
  deps: StoreDeps,
  payments: PaymentStore,
  provider: PaymentProvider,
) {
  const db = deps.db.kysely;

  const read = (executor: Executor, id: number): Promise<PaymentLinkRow> =>
    found(paymentLinkSelect(executor).where('l.id', '=', id).executeTakeFirst());

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
    const settings = await readSettings(db);
    const lifetimeDays = settings.upi?.link_expiry_days ?? PAYMENT_LINK_LIFETIME_DAYS;
    const id = await makeRequest(
      deps,
      PAYMENT_LINK_KIND,
      owner,
      { ...input, provider: provider.name },
      async ({ subscription, amountPaise, createdAt }) => {
        const expireBy = new Date(Date.parse(createdAt) + lifetimeDays * DAY_MS);
        const referenceId = `dabba_${subscription.id}_${randomBytes(6).toString('hex')}`;
        const description = `${deps.config.business.name}: ${subscription.plan_name} (#${subscription.id})`;
        const link = await atProvider(deps, 'payment provider refused the payment link', () =>
          provider.createPaymentLink({
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
          }),
        );
        return {
          providerId: link.id,
          after: { link_id: link.id, expire_by: expireBy.toISOString() },
          insert: (trx, columns) =>
            trx
              .insertInto('payment_links')
              .values({
                ...columns,
                provider_link_id: link.id,
                reference_id: referenceId,
                short_url: link.shortUrl,
                expire_by: expireBy.toISOString(),
              })
              .returning('id')
              .executeTakeFirstOrThrow(),
          undo: () => provider.cancelPaymentLink(link.id),
        };
      },
    );
    return read(db, id);
  }

  const ends = requestEnds(deps, PAYMENT_LINK_KIND, {
    read,
    facts: (row) => requestFacts(row, row.provider_link_id),
    decideEnd: (row) => decideFor(row, { type: 'payment_link.cancel' }),
    atProvider: (linkId) => provider.cancelPaymentLink(linkId),
  });

  /** Cancels a link waiting for payment, at the provider and here, audited. */
  const cancel = (owner: User, id: number): Promise<PaymentLinkRow> =>
    ends.byOwner(owner, id, 'payment provider refused to cancel the payment link');

  const linkByProviderId = (executor: Executor, linkId: string) =>
    executor
      .selectFrom('payment_links')
      .selectAll()
      .where('provider_link_id', '=', linkId)
      .executeTakeFirst();

  /**
   * payment_link.paid: claims the link and records its payment, once, keyed by the link's
   * reference. Money paid on a link that ended here first (cancelled because the due was settled
   * another way, or withdrawn while the customer paid) is recorded all the same, as
   * payment-request.ts settles it.
   */
  async function settlePaid(facts: LinkPaymentFacts): Promise<SettleOutcome> {
    const link = await linkByProviderId(db, facts.linkId);
    if (!link) return { status: 'ignored', reason: 'unknown payment link' };
    if (facts.referenceId !== null && facts.referenceId !== link.reference_id) {
      return { status: 'ignored', reason: 'reference differs' };
    }
    return settleRequest(
      deps,
      payments,
      PAYMENT_LINK_KIND,
      link,
      decideFor(link, { type: 'payment_link.pay' }, facts.paidAt),
      {
        ...facts,
        delivery: {
          eventType: 'payment_link.paid',
          eventId: `payment_link.paid:${link.reference_id}`,
        },
        providerId: link.provider_link_id,
        reference: `Payment link ${link.provider_link_id} (${link.reference_id})`,
      },
    );
  }

  /** payment_link.expired / .cancelled from the provider: the link ends so, once. */
  async function endFromProvider(
    linkId: string,
    event: 'payment_link.expire' | 'payment_link.cancel',
  ): Promise<'processed' | 'duplicate' | 'ignored'> {
    const link = await linkByProviderId(db, linkId);
    if (!link) return 'ignored';
    return endAsProviderSays(deps, PAYMENT_LINK_KIND, link.id, decideFor(link, { type: event }));
  }

  return {
    create,
    cancel,
    /**
     * Withdraws a link waiting for payment that asks for more than its subscription still owes (the
     * due was settled another way): cancelled at the provider first, then here.
     */
    withdraw: ends.withdraw,
    settlePaid,
    endFromProvider,
    read: (id: number) => read(db, id),
  };
}
