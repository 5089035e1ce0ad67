// Privacy (issue 23, DPDP Act): the customer's copy of their data, their request to erase the
// account (and its cancelling), and the owner's list and completion of such requests.
import type { AppContext } from '@server/context.js';
import { fieldErrors } from '@server/errors.js';
import { requireCustomer, requireOwner, type Handlers } from '@server/http.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { verifyPassword } from '@server/resources/auth/passwords.js';
import {
  erasureRequestBody,
  listErasureRequests,
  newestRequestOf,
  summaryBody,
} from './erasure.read.js';
import { readDataExport } from './export.read.js';

const WRONG_PASSWORD = 'Your password was entered incorrectly.';

/** A file name's characters: letters, digits, dot, dash and underscore. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

export function erasureHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { erasures } = ctx.stores;

  return {
    async exportMyData(request, reply) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const file = await readDataExport(
        db,
        user,
        today,
        ctx.clock.now().toISOString(),
        ctx.config.publicUrl,
      );
      await recordAudit(ctx, db, {
        actor: user,
        action: 'privacy.export',
        objectType: 'user',
        objectId: user.id,
        summary: { key: 'audit.summary.privacy.export', values: { user: user.id } },
      });
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="dabba-data_${fileSafe(user.username)}_${today}.json"`,
        )
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(file, null, 2));
    },

    async getMyErasureRequest(request) {
      const user = requireCustomer(request);
      const newest = await newestRequestOf(db, user.id);
      return { request: newest ? summaryBody(newest) : null };
    },

    async requestErasure(request, reply) {
      const user = requireCustomer(request);
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        throw fieldErrors({ password: [WRONG_PASSWORD] });
      }
      const row = await erasures.request(user);
      reply.code(201);
      return { request: summaryBody(row) };
    },

    async cancelErasureRequest(request) {
      const user = requireCustomer(request);
      return { request: summaryBody(await erasures.cancel(user)) };
    },

    async ownerListErasureRequests(request) {
      requireOwner(request);
      return listErasureRequests(db, ctx.today());
    },

    async ownerCompleteErasure(request) {
      const owner = requireOwner(request);
      const row = await erasures.complete(owner, request.params.id);
      return erasureRequestBody(db, row, ctx.today());
    },
  } satisfies Partial<Handlers>;
}
