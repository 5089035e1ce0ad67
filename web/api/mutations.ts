// Server writes, one hook per operation; each refreshes the reads it changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@web/session/SessionProvider';
import { unwrap } from './errors';
import { keys, type Schemas } from './queries';

function useInvalidate() {
  const queryClient = useQueryClient();
  return (...queryKeys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSubscribe() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (planId: number) =>
      unwrap(api.POST('/subscriptions/subscriptions/', { body: { plan: planId } })),
    onSuccess: () => invalidate(keys.subscriptions),
  });
}

export function useDeleteSubscription() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/subscriptions/subscriptions/{id}/', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.subscriptions),
  });
}

export function useCancelSubscription() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    /** `payout`: where the refund is to be paid; the spec's client sends no body, and may not. */
    mutationFn: ({ id, payout }: { id: number; payout?: Schemas['RefundPayout'] }) =>
      unwrap(
        api.POST('/subscriptions/subscriptions/{id}/cancel/', {
          params: { path: { id } },
          ...(payout ? { body: { payout } } : {}),
        }),
      ),
    onSuccess: () => invalidate(keys.subscriptions, keys.leaves),
  });
}

/** The customer adds or changes where a PENDING refund is to be paid. */
export function useUpdateRefundPayout() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, payout }: { id: number; payout: Schemas['RefundPayout'] }) =>
      unwrap(api.PATCH('/payments/refunds/{id}/', { params: { path: { id } }, body: { payout } })),
    onSuccess: () => invalidate(keys.subscriptions),
  });
}

export function useRenewSubscription() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.POST('/subscriptions/subscriptions/{id}/renew/', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.subscriptions),
  });
}

export function useCreateLeave() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Schemas['LeaveCreate']) =>
      unwrap(api.POST('/subscriptions/leaves/', { body })),
    onSuccess: () => invalidate(keys.leaves),
  });
}

/** The customer changes a PENDING leave's dates or reason (the same rules as a new one). */
export function useUpdateLeave() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Schemas['LeaveUpdate'] }) =>
      unwrap(api.PATCH('/subscriptions/leaves/{id}/', { params: { path: { id } }, body })),
    onSuccess: () => invalidate(keys.leaves),
  });
}

/** The customer withdraws a PENDING leave. */
export function useDeleteLeave() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/subscriptions/leaves/{id}/', { params: { path: { id } } })),
    onSuccess: () => invalidate(keys.leaves),
  });
}

export function useCreateFeedback() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Schemas['FeedbackCreate']) => unwrap(api.POST('/feedback/', { body })),
    onSuccess: () => invalidate(keys.feedback),
  });
}

export function useUploadAttachment() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      unwrap(
        api.POST('/feedback/{id}/add_attachment/', {
          params: { path: { id } },
          // The contract types the file as a string; the browser sends the File itself.
          body: { file: file as unknown as string },
          bodySerializer: (body) => {
            const form = new FormData();
            form.append('file', body.file as unknown as File);
            return form;
          },
        }),
      ),
    onSuccess: () => invalidate(keys.feedback),
  });
}

export function useCompleteProfile() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: Schemas['CompleteProfileRequest']) =>
      unwrap(api.POST('/accounts/complete-profile/', { body })),
  });
}

export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: Schemas['ChangePasswordRequest']) =>
      unwrap(api.POST('/accounts/change-password/', { body })),
  });
}

/** GET receipt_pdf as a Blob, saved by the page as receipt_{id}.pdf. */
export function useDownloadReceipt() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(
        api.GET('/payments/payments/{id}/receipt_pdf/', {
          params: { path: { id } },
          parseAs: 'blob',
        }),
      ) as Promise<Blob>,
  });
}
