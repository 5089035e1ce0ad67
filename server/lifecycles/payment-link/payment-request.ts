// What a payment link and a counter QR code share: each asks the provider for money a subscription
// owes, within what it owes, and ends (paid, withdrawn, closed) as its own machine decides. The two
// stores write their own tables; the subscription they ask for, and the audit entries of the two
// steps the server takes by itself (withdrawing a request, and money paid on one already ended),
// are written here once.
import { ApiError, refusalsError } from '@server/errors.js';
import type { Payment } from '@server/platform/db/schema.js';
import { formatMoney } from '@server/platform/i18n.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import type { Executor, StoreDeps } from '@server/lifecycles/store.js';
import { requestProblems } from './payment-link.read.js';

/** How each kind of request is named in the audit log. */
export interface RequestKind {
  objectType: 'payment_link' | 'counter_qr';
  /** "payment link", "counter QR code". */
  noun: string;
  /** What withdrawing one is called: a link is cancelled, a QR code closed. */
  withdrawn: 'Cancelled' | 'Closed';
}

export const PAYMENT_LINK_KIND: RequestKind = {
  objectType: 'payment_link',
  noun: 'payment link',
  withdrawn: 'Cancelled',
};

export const COUNTER_QR_KIND: RequestKind = {
  objectType: 'counter_qr',
  noun: 'counter QR code',
  withdrawn: 'Closed',
};

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
export async function payableSubscription(
  db: Executor,
  subscriptionId: number,
  requested: number | null,
  now: string,
) {
  const subscription = await db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
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

/**
 * Withdraws a request the server ends by itself (its due was settled another way), in one
 * transaction: `end` moves the row (false: it had moved meanwhile, and nothing is written), then
 * the audit entry, the server's own step.
 */
export function recordWithdrawal(
  deps: StoreDeps,
  kind: RequestKind,
  request: RequestFacts,
  next: string,
  reason: string,
  end: (trx: Executor) => Promise<boolean>,
): Promise<boolean> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await end(trx))) return false;
    await recordAudit(deps, trx, {
      actor: null,
      action: `${kind.objectType}.withdraw`,
      objectType: kind.objectType,
      objectId: request.id,
      summary:
        `${kind.withdrawn} the ${kind.noun} ${request.providerId} for ` +
        `${formatMoney('en', request.amountPaise)} (subscription #${request.subscriptionId}): ${reason}`,
      before: { status: request.status },
      after: { status: next },
    });
    return true;
  });
}

/**
 * Audits money paid on a request that had already ended (withdrawn, closed, expired): recorded as
 * the payment it is, and the part its subscription no longer owed kept as the customer's advance.
 */
export function auditPaidAfterEnd(
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
    summary:
      `${formatMoney('en', payment.amount_paise)} was paid on the ${request.status} ` +
      `${kind.noun} ${request.providerId} as payment #${payment.id}` +
      (Number(payment.advance_paise) > 0
        ? `; ${formatMoney('en', payment.advance_paise)} is kept as the customer's advance.`
        : '.'),
    before: { status: request.status },
    after: { status: request.status, payment_id: payment.id },
  });
}
