// Customers' requests to erase their accounts (issue 23), from the terminal: list them, and complete
// one (the owner only). machines/erasure decides whether a request can be completed (waiting, and
// no money open either way), so dabba refuses with the server's own sentence before asking, and
// asks for confirmation first unless --yes: erasure cannot be undone.
import type { components } from '@generated/api';
import { decide, erasureFromApi, erasureMachine, ERASURE_STATUS_LABELS } from '@machines';
import { formatRupees, paiseFromRupees } from '@machines/shared';
import { refusedError } from '../errors';
import type { CliIo } from '../io';
import { confirm } from '../prompt';
import type { Api } from './api';
import { unwrap } from './api';

export type ErasureRequest = components['schemas']['ErasureRequest'];

export const listErasureRequests = (api: Api): Promise<ErasureRequest[]> =>
  unwrap(api, api.client.GET('/owner/erasure-requests/'), 'The erasure requests');

export const erasureStatusLabel = (request: ErasureRequest) =>
  ERASURE_STATUS_LABELS[request.status];

/** What keeps a waiting request from being completed, or '-'. */
export function erasureBlocker(request: ErasureRequest): string {
  if (request.status !== 'requested') return '-';
  const reasons: string[] = [];
  if (request.balance > 0) reasons.push(`owes ${formatRupees(request.balance)}`);
  if (request.balance < 0) reasons.push(`is owed ${formatRupees(-request.balance)}`);
  if (request.open_refunds > 0) reasons.push(`${request.open_refunds} refund(s) open`);
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
  const decision = decide(
    erasureMachine,
    erasureFromApi({
      status: found.status,
      balance_paise: paiseFromRupees(found.balance) ?? 0,
      open_refunds: found.open_refunds,
    }),
    { type: 'erasure.complete' },
  );
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
    api.client.POST('/owner/erasure-requests/{id}/complete/', { params: { path: { id } } }),
    `Erasure request ${id}`,
    'erasure.complete',
  );
}
