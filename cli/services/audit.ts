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
