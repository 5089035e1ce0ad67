// The customer's writes (./query derives each from the contract); each refreshes the reads it
// changes.
import type { ApiPath } from './call';
import { byId, useApiMutation, useApiWrite } from './query';
import { apiFetch } from './call';
import type { Schemas } from './queries';

const SUBSCRIPTIONS = '/subscriptions/subscriptions/' satisfies ApiPath<'get'>;
const LEAVES = '/subscriptions/leaves/' satisfies ApiPath<'get'>;
const FEEDBACK = '/feedback/' satisfies ApiPath<'get'>;
const UPCOMING_MEALS = '/meals/upcoming/' satisfies ApiPath<'get'>;

export const useSubscribe = () =>
  useApiMutation('post', '/subscriptions/subscriptions/', {
    init: (planId: number) => ({ body: { plan: planId } }),
    refreshes: [SUBSCRIPTIONS],
  });

export const useDeleteSubscription = () =>
  useApiMutation('delete', '/subscriptions/subscriptions/{id}/', {
    init: byId,
    refreshes: [SUBSCRIPTIONS],
  });

/** `payout`: where the refund is to be paid; the spec's client sends no body, and may not. */
export const useCancelSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/cancel/', {
    init: ({ id, payout }: { id: number; payout?: Schemas['RefundPayout'] }) => ({
      ...byId(id),
      ...(payout ? { body: { payout } } : {}),
    }),
    refreshes: [SUBSCRIPTIONS, LEAVES],
  });

/** The customer adds or changes where a PENDING refund is to be paid. */
export const useUpdateRefundPayout = () =>
  useApiMutation('patch', '/payments/refunds/{id}/', {
    init: ({ id, payout }: { id: number; payout: Schemas['RefundPayout'] }) => ({
      ...byId(id),
      body: { payout },
    }),
    refreshes: [SUBSCRIPTIONS],
  });

export const useRenewSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/renew/', {
    init: byId,
    refreshes: [SUBSCRIPTIONS],
  });

export const useCreateLeave = () =>
  useApiMutation('post', '/subscriptions/leaves/', {
    init: (body: Schemas['LeaveCreate']) => ({ body }),
    refreshes: [LEAVES],
  });

/** The customer changes a PENDING leave's dates or reason (the same rules as a new one). */
export const useUpdateLeave = () =>
  useApiMutation('patch', '/subscriptions/leaves/{id}/', {
    init: ({ id, body }: { id: number; body: Schemas['LeaveUpdate'] }) => ({ ...byId(id), body }),
    refreshes: [LEAVES],
  });

/** The customer withdraws a PENDING leave. */
export const useDeleteLeave = () =>
  useApiMutation('delete', '/subscriptions/leaves/{id}/', { init: byId, refreshes: [LEAVES] });

export const useCreateFeedback = () =>
  useApiMutation('post', '/feedback/', {
    init: (body: Schemas['FeedbackCreate']) => ({ body }),
    refreshes: [FEEDBACK],
  });

export const useUploadAttachment = () =>
  useApiMutation('post', '/feedback/{id}/add_attachment/', {
    init: ({ id, file }: { id: number; file: File }) => ({
      ...byId(id),
      // The contract types the file as a string; the browser sends the File itself.
      body: { file: file as unknown as string },
      bodySerializer: (body: { file: string }) => {
        const form = new FormData();
        form.append('file', body.file as unknown as File);
        return form;
      },
    }),
    refreshes: [FEEDBACK],
  });

export const useCompleteProfile = () =>
  useApiMutation('post', '/accounts/complete-profile/', {
    init: (body: Schemas['CompleteProfileRequest']) => ({ body }),
  });

export const useChangePassword = () =>
  useApiMutation('post', '/accounts/change-password/', {
    init: (body: Schemas['ChangePasswordRequest']) => ({ body }),
  });

/** GET receipt_pdf as a Blob (A4, or 80 mm for a thermal printer), saved by the page. */
export const useDownloadReceipt = () =>
  useApiWrite((api, { id, layout }: { id: number; layout: 'a4' | 'thermal' }) =>
    apiFetch(api, 'get', '/payments/payments/{id}/receipt_pdf/', {
      params: { path: { id }, ...(layout === 'thermal' ? { query: { layout } } : {}) },
      parseAs: 'blob',
    }),
  );

/** The customer skips one meal of a date, before its cutoff. */
export const useSkipMeal = () =>
  useApiMutation('post', '/meals/skips/', {
    init: (body: Schemas['MealSkipCreate']) => ({ body }),
    refreshes: [UPCOMING_MEALS],
  });

/** The customer puts a skipped meal back, before its cutoff. */
export const useUndoMealSkip = () =>
  useApiMutation('post', '/meals/skips/{id}/undo/', {
    init: byId,
    refreshes: [UPCOMING_MEALS],
  });
