// Money received at the mess: the subscriptions awaiting payment (a page of them) and recording a
// payment for one. A recording refreshes every owner read (payments, users, subscribers).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@generated/api';
import { useApi, useSession } from '@web/session/SessionProvider';
import { unwrap } from './errors';
import { unwrapPage } from './paging';

export type PendingSubscription = components['schemas']['Subscription'];
export type OfflinePaymentRequest = components['schemas']['OfflinePaymentRequest'];
export type OfflinePaymentRecorded = components['schemas']['OfflinePaymentRecorded'];

export function usePendingSubscriptions(offset: number, limit: number) {
  const api = useApi();
  const { user } = useSession();
  return useQuery({
    queryKey: ['admin', 'subscriptions', 'pending', offset, limit] as const,
    enabled: user?.user_type === 'mess_owner',
    placeholderData: (previous) => previous,
    queryFn: () =>
      unwrapPage(
        api.GET('/subscriptions/subscriptions/', {
          params: { query: { status: 'PENDING_PAYMENT', limit, offset } },
        }),
      ),
  });
}

export function useRecordOfflinePayment() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfflinePaymentRequest) =>
      unwrap(api.POST('/payments/admin/payments/record_offline/', { body })),
    onSuccess: () =>
      Promise.all(
        [['admin'], ['subscriptions'], ['payments']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
