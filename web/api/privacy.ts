// Privacy (issue 23): the customer's consents per channel and purpose, their data download and
// their request to erase the account; the owner's erasure requests.
import type { components } from '@generated/api';
import type { ApiPath } from './call';
import { apiFetch } from './call';
import { byId, useApiMutation, useApiQuery } from './query';
import { useApiScope } from './scope';

export type Consent = components['schemas']['Consent'];
export type ConsentUpdate = components['schemas']['ConsentUpdate'];
export type ErasureRequest = components['schemas']['ErasureRequest'];
export type MyErasureRequest = components['schemas']['MyErasureRequest'];

const CONSENTS = '/accounts/consents/' satisfies ApiPath<'get'>;
const MY_ERASURE = '/accounts/erasure-request/' satisfies ApiPath<'get'>;
const ERASURES = '/owner/erasure-requests/' satisfies ApiPath<'get'>;

export const useConsents = () => useApiQuery(CONSENTS, undefined, { role: 'customer' });

export const useUpdateConsent = () =>
  useApiMutation('put', '/accounts/consents/', {
    init: (body: ConsentUpdate) => ({ body }),
    refreshes: [CONSENTS],
  });

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
