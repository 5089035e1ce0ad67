// The owner's audit log, newest first.
import type { components, operations } from '../../generated/api';
import type { Api } from './api';
import { unwrapPage } from './paging';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditQuery = NonNullable<operations['listAuditLog']['parameters']['query']>;

export async function listAudit(api: Api, query: AuditQuery): Promise<AuditEntry[]> {
  const page = await unwrapPage(
    api,
    api.client.GET('/audit/', { params: { query } }),
    'The audit log',
  );
  return page.rows;
}

/** A timestamp as the business reads it: '2026-11-23 16:05' in India. */
export function when(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
