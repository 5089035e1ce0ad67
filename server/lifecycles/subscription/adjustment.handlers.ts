// The owner's end-date adjustments: one subscription by N days (either way), or every ACTIVE
// subscription at once as one idempotent operation. The stores decide and write; this parses,
// calls them and serializes.
import type { AppContext } from '@server/context.js';
import { notFound, found } from '@server/errors.js';
import { afterAnswer, type Handlers, requireBusiness } from '@server/http.js';
import { loadSubscriptionBody } from './subscription.serializer.js';

export function adjustmentHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { subscriptions, adjustments } = ctx.stores;

  return {
    async adjustSubscription(request) {
      const owner = requireBusiness(request);
      const { id } = request.params;
      await found(
        db.selectFrom('subscriptions').select('id').where('id', '=', id).executeTakeFirst(),
      );
      await subscriptions.adjust(owner, id, request.body);
      const body = await loadSubscriptionBody(db, id, ctx.today(), owner);
      if (!body) throw notFound();
      return body;
    },

    async adjustAllSubscriptions(request, reply) {
      const owner = requireBusiness(request);
      const { days, reason, operation_key: operationKey } = request.body;
      const outcome = await adjustments.extendAll(owner, {
        days,
        reason,
        ...(operationKey ? { operationKey } : {}),
      });
      // Hundreds of e-mails and texts must not hold the answer: they go out after it.
      afterAnswer(ctx, reply, 'adjustment notices', outcome.notify);
      const { batch } = outcome;
      return {
        id: batch.id,
        operation_key: batch.operation_key,
        days: batch.days,
        reason: batch.reason,
        business_date: batch.business_date,
        actor: batch.actor_username,
        created_at: batch.created_at,
        completed_at: batch.completed_at,
        targeted: batch.target_count,
        moved: outcome.moved,
        skipped: outcome.skipped,
        replayed: outcome.replayed,
      };
    },
  } satisfies Partial<Handlers>;
}
