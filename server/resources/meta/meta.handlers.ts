// Health and the business profile shown in the web footer and contact page.
import type { AppContext } from '@server/context.js';
import { refusal } from '@machines/shared';
import { carrying } from '@server/errors.js';
import type { Handlers } from '@server/http.js';
import { businessProfile } from '@server/platform/business.js';
import { createStorageMonitor } from '@server/platform/storage.js';

export function metaHandlers(ctx: AppContext) {
  const storage = createStorageMonitor(ctx.db, ctx.config.dataDir);
  return {
    async getHealth(_request, reply) {
      const report = await storage.check();
      const health = {
        status: report.ok ? ('ok' as const) : ('failing' as const),
        database: ctx.db.dialect,
        version: '1.0.0',
        checks: report.checks,
      };
      if (report.ok) return health;
      const refused = refusal(
        report.fault === 'full'
          ? 'storage_unavailable:full'
          : report.checks.database.ok
            ? 'storage_unavailable'
            : 'storage_unavailable:database',
      );
      const body = { ...health, detail: refused.message, error_code: refused.code };
      return reply.code(503).send(carrying(body, [refused]));
    },
    async getBusiness() {
      return businessProfile(ctx.config);
    },
  } satisfies Partial<Handlers>;
}
