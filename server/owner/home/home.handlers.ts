// The owner's home (GET /api/owner/summary/): the business's figures for today in one answer, and
// whether the FSSAI number every bill must print is missing. The SQL lives in home.query.ts.
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { ownerSummary } from './home.query.js';

export function ownerHomeHandlers(ctx: AppContext) {
  return {
    async ownerSummary(request) {
      requireBusiness(request);
      const summary = await ownerSummary(
        ctx.db.kysely,
        ctx.db.dialect,
        ctx.today(),
        ctx.config.businessTz,
      );
      // Every bill must print the FSSAI number: the home says so until BUSINESS_FSSAI is set.
      return { ...summary, fssai_missing: ctx.config.business.fssai === null };
    },
  } satisfies Partial<Handlers>;
}
