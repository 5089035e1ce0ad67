// The owner's closed days: list them, close a date (or one meal of it), open it again. The
// closed-day store decides and writes; this parses, calls it and serializes.
import type { AppContext } from '@server/context.js';
import { afterAnswer, type Handlers, requireBusiness } from '@server/http.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { closedDayRows, type ClosedDayRow } from './closed-day.read.js';
import { closedDayBody } from './closed-day.serializer.js';

export function closedDayHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { closedDays } = ctx.stores;
  const zone = ctx.config.businessTz;

  const body = async (row: ClosedDayRow) =>
    closedDayBody(row, await readSettings(db), zone, ctx.clock.now().toISOString());

  return {
    async ownerListClosedDays(request) {
      requireBusiness(request);
      const [rows, settings] = await Promise.all([closedDayRows(db).execute(), readSettings(db)]);
      const now = ctx.clock.now().toISOString();
      return rows.map((row) => closedDayBody(row, settings, zone, now));
    },

    async ownerCloseDay(request, reply) {
      const owner = requireBusiness(request);
      const outcome = await closedDays.close(owner, {
        date: request.body.date,
        meal: request.body.meal ?? null,
        reason: request.body.reason,
      });
      // Every customer who eats that day is told, after the answer.
      afterAnswer(ctx, reply, 'closed day notices', outcome.notify);
      return reply.code(outcome.replayed ? 200 : 201).send(await body(outcome.closure));
    },

    async ownerRemoveClosedDay(request, reply) {
      const owner = requireBusiness(request);
      const outcome = await closedDays.remove(owner, request.params.id);
      afterAnswer(ctx, reply, 'closed day notices', outcome.notify);
      return body(outcome.closure);
    },
  } satisfies Partial<Handlers>;
}
