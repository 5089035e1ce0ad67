// Refunds for the owner: list, show (with where to pay), approve, reject and mark paid, each with a
// comment.
import type { components } from '../../generated/api';
import {
  describePayout,
  type RefundEvent,
  refundFromApi,
  refundMachine,
  type RefundPayout,
  refundRefusals,
  selectIsPayable,
  shownUpiId,
} from '@machines/refund';
import { restore } from '@machines/shared';
import { rupees } from '../output';
import type { Api } from './api';
import { byId, unwrap } from './api';
import type { DecisionTarget } from './decisions';
import { allPages } from './paging';

export type Refund = components['schemas']['Refund'];
export type RefundStatus = Refund['status'];
export type RefundAction = 'approve' | 'reject' | 'mark_paid';

export async function listRefunds(api: Api, status?: RefundStatus): Promise<Refund[]> {
  return allPages(api, 'The refunds', (page) =>
    api.client.GET('/payments/refunds/', {
      params: { query: { ...(status ? { status } : {}), ...page } },
    }),
  );
}

/**
 * One refund, and when it is APPROVED the payout details in full: the CLI's mark-paid view, the
 * one place besides the web's Mark as Paid modal that shows the whole account number
 * (docs/rules/refund.md, Refund payouts). Null when it is not waiting to be paid or no details
 * were given.
 */
export async function showRefund(
  api: Api,
  id: number,
): Promise<{ refund: Refund; payoutToPay: RefundPayout | null }> {
  const refund = await unwrap(
    api,
    api.client.GET('/payments/refunds/{id}/', byId(id)),
    `Refund ${id}`,
  );
  const payable = selectIsPayable(restore(refundMachine, refundFromApi(refund)));
  if (!payable || !refund.payout) return { refund, payoutToPay: null };
  const payoutToPay = await unwrap(
    api,
    api.client.GET('/payments/refunds/{id}/payout/', byId(id)),
    `The payout details of refund ${id}`,
  );
  return { refund, payoutToPay };
}

/** A table cell: "UPI asha@okaxis", "Bank XXXXXXXX4321", or "-" when none were given. */
export function payoutCell(refund: Refund): string | null {
  const payout = refund.payout;
  if (!payout) return null;
  return payout.method === 'upi'
    ? `UPI ${shownUpiId(payout)}`
    : `Bank ${payout.account_number_masked}`;
}

export { describePayout };

export async function pendingRefunds(api: Api): Promise<Refund[]> {
  return unwrap(api, api.client.GET('/payments/refunds/pending/'), 'The pending refunds');
}

export async function approvedRefunds(api: Api): Promise<Refund[]> {
  return unwrap(api, api.client.GET('/payments/refunds/approved/'), 'The approved refunds');
}

function describeRefund(refund: Refund): string {
  return `refund #${refund.id} (${refund.user.full_name || refund.user.username}, ${rupees(refund.amount)}, ${refund.subscription.plan_name})`;
}

export async function actOnRefund(
  api: Api,
  id: number,
  action: RefundAction,
  comment: string,
  utr?: string,
): Promise<Refund> {
  const what = `Refund ${id}`;
  const eventType = `refund.${action}`;
  const params = { path: { id } };
  if (action === 'mark_paid') {
    return unwrap(
      api,
      api.client.POST('/payments/refunds/{id}/mark_paid/', {
        params,
        body: { admin_comment: comment, ...(utr ? { utr } : {}) },
      }),
      what,
      eventType,
    );
  }
  const path =
    action === 'approve'
      ? ('/payments/refunds/{id}/approve/' as const)
      : ('/payments/refunds/{id}/reject/' as const);
  return unwrap(
    api,
    api.client.POST(path, { params, body: { admin_comment: comment } }),
    what,
    eventType,
  );
}

const WORDS: Record<RefundAction, { verb: string; done: string }> = {
  approve: { verb: 'approve', done: 'Approved' },
  reject: { verb: 'reject', done: 'Rejected' },
  mark_paid: { verb: 'mark paid', done: 'Marked as paid' },
};

/** Approving, rejecting or marking paid refunds with `comment` (and a UTR), for runDecisions. */
export function refundDecisions(
  api: Api,
  action: RefundAction,
  comment: string,
  utr?: string,
): DecisionTarget<Refund, typeof refundMachine> {
  const event: RefundEvent =
    action === 'mark_paid'
      ? { type: 'refund.mark_paid', adminComment: comment, utr: utr ?? null }
      : { type: `refund.${action}`, adminComment: comment };
  return {
    noun: 'refund',
    ...WORDS[action],
    machine: refundMachine,
    event,
    comment,
    commentRequired: refundRefusals.guards.hasAdminComment,
    fetchOne: (id) =>
      unwrap(api, api.client.GET('/payments/refunds/{id}/', byId(id)), `Refund ${id}`),
    // "Pending" for mark-paid means approved refunds waiting for the transfer.
    fetchPending: () => (action === 'mark_paid' ? approvedRefunds(api) : pendingRefunds(api)),
    persisted: refundFromApi,
    act: (id) => actOnRefund(api, id, action, comment, utr),
    describe: describeRefund,
  };
}
