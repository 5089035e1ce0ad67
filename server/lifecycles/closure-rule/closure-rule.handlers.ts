// The owner's weekly closures: list them, make one ("every Sunday dinner"), withdraw one. The
// closure-rule store decides and writes (each date through the closed-day store); this parses,
// calls it and serializes.
import type { AppContext } from '@server/context.js';
import { afterAnswer, type Handlers, requireBusiness } from '@server/http.js';
import { closureRuleRows } from './closure-rule.read.js';
import { closureRuleBody } from './closure-rule.serializer.js';

export function closureRuleHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { closureRules } = ctx.stores;

  return {
    async ownerListClosureRules(request) {
      requireBusiness(request);
      const today = ctx.today();
      return (await closureRuleRows(db)).map((row) => closureRuleBody(row, today));
    },

    async ownerCreateClosureRule(request, reply) {
      const owner = requireBusiness(request);
      const outcome = await closureRules.create(owner, {
        weekdays: request.body.weekdays,
        meals: request.body.meals,
        start_date: request.body.start_date,
        end_date: request.body.end_date ?? null,
        reason: request.body.reason,
      });
      // Every customer who eats on a date it closed is told, after the answer.
      afterAnswer(ctx, reply, 'closure rule notices', outcome.notify);
      return reply
        .code(outcome.replayed ? 200 : 201)
        .send(closureRuleBody(outcome.rule, ctx.today()));
    },

    async ownerWithdrawClosureRule(request, reply) {
      const owner = requireBusiness(request);
      const outcome = await closureRules.withdraw(owner, request.params.id);
      afterAnswer(ctx, reply, 'closure rule notices', outcome.notify);
      return closureRuleBody(outcome.rule, ctx.today());
    },
  } satisfies Partial<Handlers>;
}
