// Health and the business profile shown in the web footer and contact page.
import type { AppContext } from '@server/context.js';
import { STORAGE_MESSAGES } from '@server/errors.js';
import type { Handlers } from '@server/http.js';
import { businessProfile } from './business.serializer.js';
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
      const detail =
        report.fault === 'full'
          ? STORAGE_MESSAGES.full
          : report.checks.database.ok
            ? STORAGE_MESSAGES.unavailable
            : 'The database is unavailable.';
      return reply.code(503).send({ ...health, detail, error_code: 'storage_unavailable' });
    },
    async getBusiness() {
      return businessProfile(ctx.config);
    },
  } satisfies Partial<Handlers>;
}
