// The owner's settings: the business's policies (meal cutoffs, meal skips).
import type { AppContext } from '@server/context.js';
import { requireOwner, type Handlers } from '@server/http.js';
import { readSettings } from './settings.read.js';

export function settingsHandlers(ctx: AppContext) {
  return {
    async ownerGetSettings(request) {
      requireOwner(request);
      return readSettings(ctx.db.kysely);
    },

    async ownerUpdateSettings(request) {
      const owner = requireOwner(request);
      return ctx.stores.settings.update(owner, request.body);
    },
  } satisfies Partial<Handlers>;
}
