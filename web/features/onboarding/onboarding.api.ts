// The account (machines/onboarding) as the owner changes it: a customer's details.
import type { components } from '@generated/api';
import { useApiMutation } from '@web/api/query';

export type CustomerDetailsRequest = components['schemas']['CustomerDetailsRequest'];

/**
 * The owner's change of a customer's details; the customer's record, the lists that show them and
 * the day's deliveries (their address) are read again.
 */
export const useUpdateCustomer = () =>
  useApiMutation('patch', '/accounts/owner/users/{id}/', {
    init: ({ id, body }: { id: number; body: CustomerDetailsRequest }) => ({
      params: { path: { id } },
      body,
    }),
    refreshes: ['/accounts/owner/users/', '/kitchen/sheet/', '/delivery/run/'],
  });
