// The owner's settings: the business's policies (meal cutoffs, meal skips and what they earn, leave
// policy), and the part of them customers read.
import { customerPolicies } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { requireOwner, requireUser, type Handlers, requireBusiness } from '@server/http.js';
import { readSettings } from './settings.read.js';

export function settingsHandlers(ctx: AppContext) {
  return {
    async ownerGetSettings(request) {
      requireBusiness(request);
      return readSettings(ctx.db.kysely);
    },

    async ownerUpdateSettings(request) {
      const owner = requireOwner(request);
      return ctx.stores.settings.update(owner, request.body);
    },

    async getPolicies(request) {
      requireUser(request);
      return customerPolicies(await readSettings(ctx.db.kysely));
    },
  } satisfies Partial<Handlers>;
}
