// The owner's active subscribers: who eats today, searched, filtered and paged in SQL
// (active-subscribers.query.ts).
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { findActiveSubscribers } from './active-subscribers.query.js';

export function activeSubscriberHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async ownerActiveSubscribers(request, reply) {
      requireBusiness(request);
      const { rows, total } = await findActiveSubscribers(
        db,
        ctx.db.dialect,
        request.query ?? {},
        ctx.today(),
      );
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  } satisfies Partial<Handlers>;
}
