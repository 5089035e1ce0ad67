// The owner's end-date adjustments: one subscription (with the record the preview is decided on)
// and "extend every active subscriber". Like every owner write, they refresh every read.
import type { components } from '@generated/api';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type AdjustmentBatch = components['schemas']['AdjustmentBatch'];
export type OwnerSubscription = components['schemas']['Subscription'];

/** One subscription as the owner sees it, for the adjust dialog's preview (fresh each time). */
export const useOwnerSubscription = (id: number | null) =>
  useApiQuery('/subscriptions/subscriptions/{id}/', byId(id ?? 0), {
    enabled: id !== null,
    staleTime: 0,
  });

export const useAdjustSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/adjust/', {
    init: ({ id, days, reason }: { id: number; days: number; reason: string }) => ({
      ...byId(id),
      body: { days, reason },
    }),
    refreshes: 'all',
  });

// No operation key: the server names the operation by today, the days and the reason, so a second
// click, a retry or the dialog opened again moves nobody twice.
export const useExtendAllActive = () =>
  useApiMutation('post', '/subscriptions/subscriptions/adjust_all/', {
    init: (body: { days: number; reason: string }) => ({ body }),
    refreshes: 'all',
  });
