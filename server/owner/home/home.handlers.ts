// The owner's home (GET /api/owner/summary/): the business's figures for today in one answer,
// whether the FSSAI number every bill must print is missing, and which channels only write their
// messages to the outbox on the server. The SQL lives in home.query.ts.
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { ownerSummary } from './home.query.js';

const CHANNELS = ['email', 'sms', 'whatsapp'] as const;

export function ownerHomeHandlers(ctx: AppContext) {
  return {
    async ownerSummary(request) {
      requireBusiness(request);
      const summary = await ownerSummary(ctx);
      const providers = ctx.notifier.providers();
      return {
        ...summary,
        // Every bill must print the FSSAI number: the home says so until BUSINESS_FSSAI is set.
        fssai_missing: ctx.config.business.fssai === null,
        // Nothing these channels send leaves the machine until they are set up.
        channels_not_set_up: CHANNELS.filter(
          (channel) => (providers[channel] ?? 'outbox') === 'outbox',
        ),
      };
    },
  } satisfies Partial<Handlers>;
}
