// One customer as the owner sees them (/admin/customers/{id}): the record with profile and
// subscriptions, and that customer's payments, leaves and feedback through the owner's lists'
// `user` filter. The owner's writes refresh these reads too (./admin: 'all').
import type { components } from '@generated/api';
import { byId, useApiPage, useApiQuery } from './query';

export type CustomerRecord = components['schemas']['AdminUserDetail'];
export type CustomerSubscription = CustomerRecord['subscriptions'][number];

/** Rows per section of the customer page; each section pages on its own. */
export const CUSTOMER_PAGE_SIZE = 10;

/** The owner's reads of one customer, once the owner is known and the id is a real one. */
const ownerReadOf = (id: number) =>
  ({ role: 'business', enabled: Number.isInteger(id) && id > 0 }) as const;

/** One section's page: this customer's rows of an owner list. */
const customerPage = (id: number, offset: number) => ({
  params: { query: { user: id, limit: CUSTOMER_PAGE_SIZE, offset } },
});

export const useCustomerRecord = (id: number) =>
  useApiQuery('/accounts/owner/users/{id}/', byId(id), ownerReadOf(id));

export const useCustomerPayments = (id: number, offset: number) =>
  useApiPage('/payments/admin/payments/', customerPage(id, offset), ownerReadOf(id));

export const useCustomerLeaves = (id: number, offset: number) =>
  useApiPage('/subscriptions/leaves/', customerPage(id, offset), ownerReadOf(id));

export const useCustomerFeedback = (id: number, offset: number) =>
  useApiPage('/feedback/admin/feedback/', customerPage(id, offset), ownerReadOf(id));
