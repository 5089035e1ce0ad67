// Plans: anyone reads the active ones; the owner manages them (docs/rules/plans.md).
// The plan store writes every change with its audit entry; handlers parse, call it and serialize.
import type { AppContext } from '@server/context.js';
import type { Plan } from '@server/platform/db/schema.js';
import { notFound, found } from '@server/errors.js';
import { isOwner, requireOwner, type Handlers } from '@server/http.js';
import { storeMeals } from '@server/platform/format.js';
import {
  answerOf,
  createSharedAnswers,
  encodesItsAnswers,
  readVersion,
  sendShared,
} from '@server/platform/read-cache.js';
import { planBody } from './plan.serializer.js';
import { pricePaise, type PlanChanges } from './plan.store.js';

/** A Hindi name or description as the owner typed it: trimmed, and none when empty. */
const hindiText = (text: string | null | undefined) => text?.trim() || null;

export function planHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { plans } = ctx.stores;
  const activePlans = createSharedAnswers(() => readVersion(ctx.db, 'plans'));

  async function findPlan(id: number): Promise<Plan> {
    return found(db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst());
  }

  return {
    listPlans: encodesItsAnswers(async (request, reply) => {
      const owner = request.auth ? isOwner(request.auth.user) : false;
      const query = request.query ?? {};
      const serviceType = query.service_type;
      const readPlans = async (activeOnly: boolean) => {
        let select = db.selectFrom('plans').selectAll().orderBy('id');
        if (activeOnly) select = select.where('is_active', '=', true);
        if (serviceType) select = select.where('service_type', '=', serviceType);
        return (await select.execute()).map(planBody);
      };
      // The owner reads the database: what they just changed shows at once, inactive plans too.
      if (owner) {
        const plans = await readPlans(query.include_inactive !== true);
        return sendShared(request, reply, answerOf(reply, plans));
      }
      // Everyone else sees the same active plans: kept in memory while no plan has changed.
      const answer = await activePlans.read(serviceType ?? 'all', async () =>
        String(reply.serialize(await readPlans(true))),
      );
      return sendShared(request, reply, answer);
    }),

    async getPlan(request) {
      const plan = await findPlan(request.params.id);
      const owner = request.auth ? isOwner(request.auth.user) : false;
      if (!plan.is_active && !owner) throw notFound();
      return planBody(plan);
    },

    async createPlan(request, reply) {
      const owner = requireOwner(request);
      const body = request.body;
      const plan = await plans.create(owner, {
        code: body.code.trim(),
        name: body.name.trim(),
        description: body.description.trim(),
        nameHi: hindiText(body.name_hi),
        descriptionHi: hindiText(body.description_hi),
        isActive: body.is_active ?? true,
        serviceType: body.service_type ?? 'mess',
        durationDays: body.duration_days ?? 30,
        basePriceRupees: body.base_price ?? 0,
        includedMeals: storeMeals(body.included_meals ?? []),
      });
      reply.code(201);
      return planBody(plan);
    },

    async updatePlan(request) {
      const owner = requireOwner(request);
      const plan = await findPlan(request.params.id);
      const body = request.body;
      const changes: PlanChanges = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.description !== undefined) changes.description = body.description.trim();
      if (body.name_hi !== undefined) changes.name_hi = hindiText(body.name_hi);
      if (body.description_hi !== undefined)
        changes.description_hi = hindiText(body.description_hi);
      if (body.is_active !== undefined) changes.is_active = body.is_active;
      if (body.service_type !== undefined) changes.service_type = body.service_type;
      if (body.duration_days !== undefined) changes.duration_days = body.duration_days;
      if (body.base_price !== undefined) changes.base_price_paise = pricePaise(body.base_price);
      if (body.included_meals !== undefined)
        changes.included_meals = storeMeals(body.included_meals);
      const updated = await plans.update(owner, plan, changes);
      if (!updated) throw notFound();
      return planBody(updated);
    },

    async deletePlan(request, reply) {
      const owner = requireOwner(request);
      await plans.remove(owner, await findPlan(request.params.id));
      return reply.code(204).send();
    },
  } satisfies Partial<Handlers>;
}
