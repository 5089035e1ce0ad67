// The owner's end-date adjustments: one subscription (with the record the preview is decided on)
// and "extend every active subscriber". Writes refresh every owner read and the subscriptions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@generated/api';
import { useApi } from '@web/session/SessionProvider';
import { unwrap } from './errors';

export type AdjustmentBatch = components['schemas']['AdjustmentBatch'];
export type OwnerSubscription = components['schemas']['Subscription'];

/** One subscription as the owner sees it, for the adjust dialog's preview (fresh each time). */
export function useOwnerSubscription(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['admin', 'subscriptions', 'one', id],
    enabled: id !== null,
    staleTime: 0,
    queryFn: () =>
      unwrap(api.GET('/subscriptions/subscriptions/{id}/', { params: { path: { id: id ?? 0 } } })),
  });
}

function useRefreshAfterAdjusting() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['admin'], ['subscriptions']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useAdjustSubscription() {
  const api = useApi();
  const refresh = useRefreshAfterAdjusting();
  return useMutation({
    mutationFn: ({ id, days, reason }: { id: number; days: number; reason: string }) =>
      unwrap(
        api.POST('/subscriptions/subscriptions/{id}/adjust/', {
          params: { path: { id } },
          body: { days, reason },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useExtendAllActive() {
  const api = useApi();
  const refresh = useRefreshAfterAdjusting();
  return useMutation({
    // No operation key: the server names the operation by today, the days and the reason, so a
    // second click, a retry or the dialog opened again moves nobody twice.
    mutationFn: ({ days, reason }: { days: number; reason: string }) =>
      unwrap(api.POST('/subscriptions/subscriptions/adjust_all/', { body: { days, reason } })),
    onSuccess: refresh,
  });
}
