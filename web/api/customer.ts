// One customer as the owner sees them (/admin/customers/{id}): the record with profile and
// subscriptions, and that customer's payments, leaves and feedback through the owner's lists'
// `user` filter. Keyed under 'admin', so the owner's writes refresh these reads too.
import { useQuery } from '@tanstack/react-query';
import type { components } from '@generated/api';
import { useApi, useSession } from '@web/session/SessionProvider';
import { unwrap } from './errors';
import { unwrapPage } from './paging';

export type CustomerRecord = components['schemas']['AdminUserDetail'];
export type CustomerSubscription = CustomerRecord['subscriptions'][number];

/** Rows per section of the customer page; each section pages on its own. */
export const CUSTOMER_PAGE_SIZE = 10;

const customerKeys = {
  record: (id: number) => ['admin', 'customer', id, 'record'] as const,
  list: (id: number, kind: string, offset: number) =>
    ['admin', 'customer', id, kind, offset] as const,
};

function useOwnerEnabled(id: number) {
  const { user } = useSession();
  return user?.user_type === 'mess_owner' && Number.isInteger(id) && id > 0;
}

export function useCustomerRecord(id: number) {
  const api = useApi();
  const enabled = useOwnerEnabled(id);
  return useQuery({
    queryKey: customerKeys.record(id),
    enabled,
    queryFn: () => unwrap(api.GET('/accounts/owner/users/{id}/', { params: { path: { id } } })),
  });
}

export function useCustomerPayments(id: number, offset: number) {
  const api = useApi();
  const enabled = useOwnerEnabled(id);
  return useQuery({
    queryKey: customerKeys.list(id, 'payments', offset),
    enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/payments/admin/payments/', {
          params: { query: { user: id, limit: CUSTOMER_PAGE_SIZE, offset } },
        }),
      ),
  });
}

export function useCustomerLeaves(id: number, offset: number) {
  const api = useApi();
  const enabled = useOwnerEnabled(id);
  return useQuery({
    queryKey: customerKeys.list(id, 'leaves', offset),
    enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/subscriptions/leaves/', {
          params: { query: { user: id, limit: CUSTOMER_PAGE_SIZE, offset } },
        }),
      ),
  });
}

export function useCustomerFeedback(id: number, offset: number) {
  const api = useApi();
  const enabled = useOwnerEnabled(id);
  return useQuery({
    queryKey: customerKeys.list(id, 'feedback', offset),
    enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/feedback/admin/feedback/', {
          params: { query: { user: id, limit: CUSTOMER_PAGE_SIZE, offset } },
        }),
      ),
  });
}
