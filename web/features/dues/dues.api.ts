// A customer's account with the mess: the customer's own statement, and the owner's dues list,
// Dues tile and any customer's statement.
import type { components, operations as ApiOperations } from '@generated/api';
import { apiFetch } from '@web/api/call';
import { keepPreviousPage, useApiMutation, useApiPage, useApiQuery } from '@web/api/query';
import { useApiScope, type ApiRole } from '@web/api/scope';
import { useLanguage } from '@web/i18n/i18n';

export type Statement = components['schemas']['Statement'];
export type LedgerEntry = components['schemas']['LedgerEntry'];
export type DuesRow = components['schemas']['DuesRow'];
export type DuesAge = components['schemas']['DuesAge'];
export type DuesFilter = 'owing' | 'due' | 'overdue' | 'in_credit';

export const useMyStatement = () =>
  useApiQuery('/ledger/statement/', undefined, { role: 'customer' });

export const useDuesSummary = () =>
  useApiQuery('/owner/dues/summary/', undefined, { role: 'business' });

export const useCustomerStatement = (id: number) =>
  useApiQuery('/owner/dues/{id}/', { params: { path: { id } } }, { role: 'business' });

export const DUES_PAGE_SIZE = 25;

/** The dues list's filters, as the owner sets them above the list. */
interface DuesFilters {
  status: DuesFilter;
  age?: DuesAge;
  held?: boolean;
  search?: string;
}

/** The filters as the list and its CSV send them (a filter left unset is not sent). */
const duesFilterQuery = (filters: DuesFilters) => ({
  status: filters.status,
  ...(filters.age ? { age: filters.age } : {}),
  ...(filters.held ? { held: true } : {}),
  ...(filters.search ? { search: filters.search } : {}),
});

export const useDues = (query: DuesFilters & { offset: number }) =>
  useApiPage(
    '/owner/dues/',
    {
      params: { query: { ...duesFilterQuery(query), limit: DUES_PAGE_SIZE, offset: query.offset } },
    },
    { role: 'business', placeholderData: keepPreviousPage },
  );

/** Every customer the filters match, as the CSV the owner downloads (no paging). */
export function useDuesCsv() {
  const { api } = useApiScope();
  return (filters: DuesFilters): Promise<Blob> =>
    apiFetch(api, 'get', '/owner/dues/', {
      params: { query: { ...duesFilterQuery(filters), format: 'csv' } },
      parseAs: 'blob',
    });
}

export type CreditNote = components['schemas']['CreditNote'];

/** Credit notes, newest first: the customer's own, or every one for the owner. */
export const useCreditNotes = (role: ApiRole) =>
  useApiQuery('/payments/credit_notes/', undefined, { role });

/** A credit note as HTML, which the server writes in the app's language. */
export function useCreditNoteHtml(id: number) {
  const language = useLanguage();
  return useApiQuery('/payments/credit_notes/{id}/document/', {
    params: { path: { id } },
    headers: { 'Accept-Language': language },
    parseAs: 'text',
  });
}

/** A credit note's A4 PDF as a Blob. */
export function useCreditNotePdf() {
  const { api } = useApiScope();
  return (id: number): Promise<Blob> =>
    apiFetch(api, 'get', '/payments/credit_notes/{id}/pdf/', {
      params: { path: { id } },
      parseAs: 'blob',
    });
}
export type ReminderSend = components['schemas']['ReminderSend'];
export const REMINDERS_PAGE_SIZE = 10;

/** The reminders the schedule claimed (sent, queued, skipped), newest first. */
export const useReminders = (offset: number) =>
  useApiPage(
    '/owner/reminders/',
    { params: { query: { limit: REMINDERS_PAGE_SIZE, offset } } },
    { role: 'business', placeholderData: keepPreviousPage },
  );

type AdvanceRefundBody = NonNullable<
  ApiOperations['ownerRefundAdvance']['requestBody']
>['content']['application/json'];

/** Paying back a customer's advance: whose, and the owner's form. */
export type AdvanceRefundRequest = AdvanceRefundBody & { customer: number };

/** The owner pays back a customer's advance in one step; every owner read refreshes. */
export const useRefundAdvance = () =>
  useApiMutation('post', '/owner/customers/{id}/advance/refund/', {
    init: ({ customer, ...body }: AdvanceRefundRequest) => ({
      params: { path: { id: customer } },
      body,
    }),
    refreshes: 'all',
  });
