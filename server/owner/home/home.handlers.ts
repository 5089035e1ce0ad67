// The owner's home (GET /api/owner/summary/): the business's figures for today in one answer.
// The SQL lives in home.query.ts.
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { ownerSummary } from './home.query.js';

export function ownerHomeHandlers(ctx: AppContext) {
  return {
    async ownerSummary(request) {
      requireBusiness(request);
      return ownerSummary(ctx.db.kysely, ctx.db.dialect, ctx.today(), ctx.config.businessTz);
    },
  } satisfies Partial<Handlers>;
}
