// The owner's audit log, one page at a time with its total.
import type { components, operations } from '@generated/api';
import { keepPreviousPage, useApiPage } from './query';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditQuery = NonNullable<operations['listAuditLog']['parameters']['query']>;

export const useAuditLog = (query: AuditQuery) =>
  useApiPage(
    '/audit/',
    { params: { query } },
    { role: 'business', placeholderData: keepPreviousPage },
  );
