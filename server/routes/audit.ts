// The owner's audit log: who did what, when, with the fields before and after.
import type { AppContext } from '../context.js';
import { requireOwner, type Handlers } from '../http.js';
import { page } from '../paging.js';
import { auditEntryBody, auditLogQuery } from '../queries/audit-log.js';

export function auditHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  return {
    async listAuditLog(request, reply) {
      requireOwner(request);
      const query = request.query ?? {};
      const rows = await page(auditLogQuery(db, query, ctx.config.businessTz), reply, query, (q) =>
        q.orderBy('at', 'desc').orderBy('id', 'desc'),
      );
      return rows.map(auditEntryBody);
    },
  } satisfies Partial<Handlers>;
}
