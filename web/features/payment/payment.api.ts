// Money received at the mess: the subscriptions awaiting payment (a page of them) and recording a
// payment for one. A recording refreshes every owner read (payments, users, subscribers).
import type { components } from '@generated/api';
import { keepPreviousPage, useApiMutation, useApiPage } from '@web/api/query';

export type PendingSubscription = components['schemas']['Subscription'];
export type OfflinePaymentRequest = components['schemas']['OfflinePaymentRequest'];
export type OfflinePaymentRecorded = components['schemas']['OfflinePaymentRecorded'];

export const usePendingSubscriptions = (offset: number, limit: number) =>
  useApiPage(
    '/subscriptions/subscriptions/',
    { params: { query: { status: 'PENDING_PAYMENT', limit, offset } } },
    { role: 'business', placeholderData: keepPreviousPage },
  );

export const useRecordOfflinePayment = () =>
  useApiMutation('post', '/payments/admin/payments/record_offline/', {
    init: (body: OfflinePaymentRequest) => ({ body }),
    refreshes: 'all',
  });
