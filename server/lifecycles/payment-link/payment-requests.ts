// The requests to pay a subscription that stay open at the provider (payment links and counter QR
// codes), kept within what it owes: after every payment (whatever paid it: checkout, the counter,
// a rider's cash, a link, a QR) and in an hourly sweep, the newest open requests are withdrawn at
// the provider and here until the rest ask for no more than is owed. Money still paid on one
// withdrawn meanwhile is kept as the customer's advance by the settle path.
import { refusalDetail } from '@server/errors.js';
import type { AuditValue } from '@server/lifecycles/audit.js';
import { ProviderError } from '@server/services/payments/provider.js';
import type { CounterQrStore } from '@server/lifecycles/counter-qr/counter-qr.store.js';
import { nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import type { PaymentLinkStore } from './payment-link.store.js';
import { dueOfSubscription, openRequestsOf } from './payment-link.read.js';

export function createPaymentRequests(
  deps: StoreDeps,
  stores: { paymentLinks: PaymentLinkStore; counterQrs: CounterQrStore },
) {
  const db = deps.db.kysely;

  /**
   * Withdraws the subscription's newest open requests until the rest ask for at most `keepPaise`
   * (default: what it owes now).
   */
  async function withdrawExcess(subscriptionId: number, keepPaise?: number): Promise<number> {
    const open = await openRequestsOf(db, subscriptionId, nowIso(deps));
    if (open.length === 0) return 0;
    const due = keepPaise ?? (await dueOfSubscription(db, subscriptionId));
    let asked = open.reduce((sum, request) => sum + request.amountPaise, 0);
    const reason: AuditValue =
      keepPaise === 0
        ? { message: 'audit.part.withdrawn.deleting' }
        : due > 0
          ? { message: 'audit.part.withdrawn.owes', values: { amount: { money: due } } }
          : { message: 'audit.part.withdrawn.owes_nothing' };
    let withdrawn = 0;
    for (const request of open) {
      if (asked <= due) break;
      const ended =
        request.kind === 'payment_link'
          ? await stores.paymentLinks.withdraw(request.id, reason)
          : await stores.counterQrs.withdraw(request.id, reason);
      asked -= request.amountPaise;
      if (ended) withdrawn += 1;
    }
    return withdrawn;
  }

  /**
   * Before a subscription awaiting payment is deleted: every request to pay it is withdrawn at the
   * provider, or the deletion is refused (502) while the provider cannot be reached, so no link or
   * QR stays payable there for a subscription that is gone.
   */
  async function withdrawAll(subscriptionId: number): Promise<void> {
    try {
      await withdrawExcess(subscriptionId, 0);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.error({ err: error, subscriptionId }, 'could not withdraw a payment request');
      throw refusalDetail(502, 'payment.provider_unavailable');
    }
  }

  /** After a payment of the customer: each of their subscriptions with open requests. */
  async function withdrawExcessOf(userId: number): Promise<number> {
    let withdrawn = 0;
    for (const id of await subscriptionsWithOpenRequests(userId)) {
      withdrawn += await withdrawExcess(id);
    }
    return withdrawn;
  }

  /** The subscriptions (of one customer, or all) that have a link or QR waiting for payment. */
  async function subscriptionsWithOpenRequests(userId?: number): Promise<number[]> {
    let links = db
      .selectFrom('payment_links')
      .select('subscription_id')
      .where('status', '=', 'created');
    let qrs = db
      .selectFrom('counter_qr_codes')
      .select('subscription_id')
      .where('status', '=', 'created');
    if (userId !== undefined) {
      links = links.where('user_id', '=', userId);
      qrs = qrs.where('user_id', '=', userId);
    }
    const rows = await links.union(qrs).execute();
    return [...new Set(rows.map((row) => row.subscription_id))];
  }

  /** The hourly sweep: every subscription whose open requests ask for more than it owes. */
  async function sweep(): Promise<number> {
    let withdrawn = 0;
    for (const id of await subscriptionsWithOpenRequests()) {
      try {
        withdrawn += await withdrawExcess(id);
      } catch (error) {
        deps.log.warn({ err: error, subscriptionId: id }, 'could not withdraw a payment request');
      }
    }
    return withdrawn;
  }

  return { withdrawExcess, withdrawAll, withdrawExcessOf, sweep };
}
