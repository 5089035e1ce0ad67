// The owner's audit log, one page at a time with its total.
import { useQuery } from '@tanstack/react-query';
import type { components, operations } from '@generated/api';
import { useSession, useApi } from '@web/session/SessionProvider';
import { unwrapPage } from './paging';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditQuery = NonNullable<operations['listAuditLog']['parameters']['query']>;

export function useAuditLog(query: AuditQuery) {
  const api = useApi();
  const { user } = useSession();
  return useQuery({
    queryKey: ['admin', 'audit', query],
    enabled: user?.user_type === 'mess_owner',
    placeholderData: (previous) => previous,
    queryFn: () => unwrapPage(api.GET('/audit/', { params: { query } })),
  });
}
