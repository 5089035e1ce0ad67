// The owner's view of reminders: those claimed (sent, queued, skipped) and the next run's dry run.
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { previewItem, reminderBody, reminderSelect } from './reminder.read.js';

export function reminderHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async ownerListReminders(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      let base = reminderSelect(db);
      if (query.status) base = base.where('r.status', '=', query.status);
      if (query.customer) base = base.where('r.user_id', '=', query.customer);
      const rows = await page(base, reply, query, (q) =>
        q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
      );
      return rows.map(reminderBody);
    },

    async ownerPreviewReminders(request) {
      requireBusiness(request);
      const next = await ctx.stores.reminders.preview();
      return {
        enabled: next.enabled,
        quiet_until: next.quietUntil,
        reminders: next.due.map(previewItem),
      };
    },
  } satisfies Partial<Handlers>;
}
