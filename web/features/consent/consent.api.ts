// The consent lifecycle: the customer's own consents per channel and purpose, which they change
// (issue 23), and a customer's consents as the owner records them (said aloud, naming who heard
// it) and withdraws them.
import type { components } from '@generated/api';
import type { ConsentChannel, ConsentPurpose } from '@machines/consent';
import type { ApiPath } from '@web/api/call';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type Consent = components['schemas']['Consent'];
export type ConsentUpdate = components['schemas']['ConsentUpdate'];

const CONSENTS = '/owner/customers/{id}/consents/' satisfies ApiPath<'get'>;

export const useCustomerConsents = (id: number) =>
  useApiQuery(CONSENTS, byId(id), { role: 'business', enabled: Number.isInteger(id) && id > 0 });

export interface ConsentTarget {
  readonly id: number;
  readonly channel: ConsentChannel;
  readonly purpose: ConsentPurpose;
}

/** Records consent the customer gave aloud, naming who heard it. */
export const useRecordConsent = () =>
  useApiMutation('post', '/owner/customers/{id}/consents/', {
    init: ({ id, channel, purpose, recordedBy }: ConsentTarget & { recordedBy: string }) => ({
      ...byId(id),
      body: { channel, purpose, recorded_by: recordedBy },
    }),
    refreshes: [CONSENTS],
  });

/** Withdraws a customer's consent at their request. */
export const useWithdrawConsent = () =>
  useApiMutation('post', '/owner/customers/{id}/consents/withdraw/', {
    init: ({ id, channel, purpose }: ConsentTarget) => ({
      ...byId(id),
      body: { channel, purpose },
    }),
    refreshes: [CONSENTS],
  });

// ---- the customer's own ----

const MY_CONSENTS = '/accounts/consents/' satisfies ApiPath<'get'>;

export const useConsents = () => useApiQuery(MY_CONSENTS, undefined, { role: 'customer' });

export const useUpdateConsent = () =>
  useApiMutation('put', '/accounts/consents/', {
    init: (body: ConsentUpdate) => ({ body }),
    refreshes: [MY_CONSENTS],
  });
