// Customers' requests to erase their accounts (issue 23), from the terminal: list them, and complete
// one (the owner only). machines/erasure decides whether a request can be completed (waiting, no
// subscription running or awaiting payment, no money open or on its way), so dabba lists what blocks
// each one and refuses with the server's own sentence before asking, and
// asks for confirmation first unless --yes: erasure cannot be undone.
import type { components } from '@generated/api';
import {
  decide,
  erasureBlockers,
  erasureFactsOfRequest,
  erasureFromApi,
  erasureMachine,
  ERASURE_STATUS_LABELS,
  type ErrorCode,
} from '@machines';
import { formatRupees } from '@machines/shared';
import { refusedError } from '../errors';
import type { CliIo } from '../io';
import { confirm } from '../prompt';
import type { Api } from './api';
import { byId, unwrap } from './api';

export type ErasureRequest = components['schemas']['ErasureRequest'];

export const listErasureRequests = (api: Api): Promise<ErasureRequest[]> =>
  unwrap(api, api.client.GET('/owner/erasure-requests/'), 'The erasure requests');

export const erasureStatusLabel = (request: ErasureRequest) =>
  ERASURE_STATUS_LABELS[request.status];

/** The table's short words for each blocker the machine names (its full sentence on refusal). */
const BLOCKER_WORDS: Partial<Record<ErrorCode, (request: ErasureRequest) => string>> = {
  'erasure.subscription_active': (r) => `${r.active_subscriptions} subscription(s) running`,
  'erasure.balance_open': (r) =>
    r.balance > 0 ? `owes ${formatRupees(r.balance)}` : `is owed ${formatRupees(-r.balance)}`,
  'erasure.refund_open': (r) => `${r.open_refunds} refund(s) open`,
  'erasure.subscription_pending': (r) => `${r.pending_subscriptions} awaiting payment`,
  'erasure.payment_link_open': (r) => `${r.open_payment_links} payment link(s) open`,
  'erasure.cash_pending': (r) => `${r.pending_cash_collections} rider cash to confirm`,
};

/** What keeps a waiting request from being completed (machines/erasure), or '-'. */
export function erasureBlocker(request: ErasureRequest): string {
  const reasons = erasureBlockers(erasureFromApi(erasureFactsOfRequest(request))).map(
    (blocker) => BLOCKER_WORDS[blocker.code]?.(request) ?? blocker.code,
  );
  return reasons.length > 0 ? reasons.join(', ') : '-';
}

/**
 * Completes request `id` if the machine allows it now: confirmed first (a terminal) unless `yes`.
 * Null when the owner said no.
 */
export async function completeErasure(
  api: Api,
  io: CliIo,
  id: number,
  yes: boolean,
): Promise<ErasureRequest | null> {
  const found = (await listErasureRequests(api)).find((request) => request.id === id);
  if (!found)
    throw refusedError(`Erasure request ${id} was not found.`, 'See `dabba erasure list`.');
  const decision = decide(erasureMachine, erasureFromApi(erasureFactsOfRequest(found)), {
    type: 'erasure.complete',
  });
  if (!decision.ok) throw refusedError(decision.message, undefined, decision.code);
  if (
    !yes &&
    !(await confirm(
      io,
      `Erase the account of ${found.customer.full_name} (#${found.customer.id})? This cannot be undone.`,
    ))
  ) {
    return null;
  }
  return unwrap(
    api,
    api.client.POST('/owner/erasure-requests/{id}/complete/', byId(id)),
    `Erasure request ${id}`,
    'erasure.complete',
  );
}
