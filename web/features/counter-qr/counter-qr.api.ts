// The provider's counter QR codes: the owner makes one for a subscription's dues, polls it until it
// is paid, and closes it when the customer leaves without paying.
import type { components } from '@generated/api';
import { ApiError } from '@web/api/errors';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

/** How often the owner's screen asks whether the QR has been paid. */
const COUNTER_QR_POLL_MS = 2000;

export const useCreateCounterQr = () =>
  useApiMutation('post', '/payments/admin/counter-qr/', {
    init: (body: components['schemas']['CounterQrCreate']) => ({ body }),
  });

/** One QR, asked again every two seconds while it waits for payment. */
export const useCounterQr = (id: number | null) =>
  useApiQuery('/payments/admin/counter-qr/{id}/', byId(id ?? 0), {
    role: 'business',
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) =>
      query.state.data && 'status' in query.state.data && query.state.data.status !== 'created'
        ? false
        : COUNTER_QR_POLL_MS,
  });

export const useCloseCounterQr = () =>
  useApiMutation('post', '/payments/admin/counter-qr/{id}/close/', { init: byId });

/** The provider makes no QR codes here (PAYMENT_QR_CODES=off): show the owner's UPI id's QR. */
export const isQrNotSupported = (error: unknown) =>
  error instanceof ApiError && error.body?.error_code === 'counter_qr.not_supported';
