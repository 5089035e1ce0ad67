// The owner's audit log: who did what, when, with the fields before and after.
import type { AppContext } from '@server/context.js';
import { requireOwner, type Handlers } from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { varyOnLanguage } from '@server/platform/answer-language.js';
import { requestLanguage } from '@server/platform/i18n.js';
import { auditEntryBody, auditLogQuery } from './audit.query.js';

export function auditHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  return {
    async listAuditLog(request, reply) {
      requireOwner(request);
      const query = request.query ?? {};
      const rows = await page(auditLogQuery(db, query, ctx.config.businessTz), reply, query, (q) =>
        q.orderBy('at', 'desc').orderBy('id', 'desc'),
      );
      // Each reader reads what happened in their language (Accept-Language; `dabba`: English).
      varyOnLanguage(reply);
      const language = requestLanguage(request.headers['accept-language']);
      return rows.map((entry) => auditEntryBody(entry, language));
    },
  } satisfies Partial<Handlers>;
}
