// The erasure lifecycle (issue 23): the customer's request to erase the account (and the file of
// everything the mess keeps about them, which they may download first); the owner's erasure requests.
import type { components } from '@generated/api';
import { apiFetch, type ApiPath } from '@web/api/call';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';
import { useApiScope } from '@web/api/scope';

export type ErasureRequest = components['schemas']['ErasureRequest'];

const MY_ERASURE = '/accounts/erasure-request/' satisfies ApiPath<'get'>;
const ERASURES = '/owner/erasure-requests/' satisfies ApiPath<'get'>;

/** The customer's file of everything the mess keeps about them (the server names it). */
export function useDataExport() {
  const { api } = useApiScope();
  return (): Promise<Blob> =>
    apiFetch(api, 'get', '/accounts/data-export/', { parseAs: 'blob' }) as Promise<Blob>;
}

export const useMyErasureRequest = () => useApiQuery(MY_ERASURE, undefined, { role: 'customer' });

export const useRequestErasure = () =>
  useApiMutation('post', '/accounts/erasure-request/', {
    init: (password: string) => ({ body: { password } }),
    refreshes: [MY_ERASURE],
  });

export const useCancelErasure = () =>
  useApiMutation('post', '/accounts/erasure-request/cancel/', {
    init: () => ({}),
    refreshes: [MY_ERASURE],
  });

export const useErasureRequests = () => useApiQuery(ERASURES, undefined, { role: 'business' });

export const useCompleteErasure = () =>
  useApiMutation('post', '/owner/erasure-requests/{id}/complete/', {
    init: (id: number) => byId(id),
    refreshes: 'all',
  });
