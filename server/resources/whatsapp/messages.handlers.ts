// The WhatsApp messages as the owner and the customer read them: each notice's status from the send
// queue, and this month's count and cost on the owner's home.
import type { AppContext } from '@server/context.js';
import { requireBusiness, requireOwner, requireUser, type Handlers } from '@server/http.js';
import { page } from '@server/platform/paging.js';
import {
  whatsappFilter,
  whatsappMessageBody,
  whatsappMessageSelect,
  whatsappUsage,
} from './whatsapp.read.js';

export function whatsappMessageHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  return {
    async ownerListWhatsappMessages(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      let base = whatsappMessageSelect(db);
      if (query.status) base = base.where(whatsappFilter(query.status));
      const rows = await page(base, reply, query, (ordered) => ordered.orderBy('m.id', 'desc'));
      return rows.map(whatsappMessageBody);
    },
    async listMyWhatsappMessages(request, reply) {
      const user = requireUser(request);
      const base = whatsappMessageSelect(db).where('m.user_id', '=', user.id);
      const rows = await page(base, reply, request.query ?? {}, (ordered) =>
        ordered.orderBy('m.id', 'desc'),
      );
      return rows.map(whatsappMessageBody);
    },
    async ownerWhatsappUsage(request) {
      requireOwner(request);
      return whatsappUsage(db, ctx.config, ctx.today());
    },
  } satisfies Partial<Handlers>;
}
