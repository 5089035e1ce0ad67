// The customer's GSTIN and billing address, which their tax invoices carry from the next payment on.
import type { components } from '@generated/api';
import { useApiMutation, useApiQuery } from './query';

export type BillingDetails = components['schemas']['BillingDetails'];

export const useBillingDetails = () =>
  useApiQuery('/accounts/profile/billing/', undefined, { role: 'customer' });

export const useSaveBillingDetails = () =>
  useApiMutation('put', '/accounts/profile/billing/', {
    init: (body: BillingDetails) => ({ body }),
    refreshes: ['/accounts/profile/billing/'],
  });
