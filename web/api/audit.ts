// The owner's audit log, one page at a time with its total.
import type { components, operations } from '@generated/api';
import { useLanguage } from '@web/i18n/i18n';
import { keepPreviousPage, useApiPage } from './query';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditQuery = NonNullable<operations['listAuditLog']['parameters']['query']>;

/** The server writes each entry's action and summary in the app's language: a page per language. */
export function useAuditLog(query: AuditQuery) {
  const language = useLanguage();
  return useApiPage(
    '/audit/',
    { params: { query }, headers: { 'Accept-Language': language } },
    { role: 'business', placeholderData: keepPreviousPage },
  );
}
