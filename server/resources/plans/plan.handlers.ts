// Plans: anyone reads the active ones; the owner manages them (README: Business rules → Plans).
import type { AppContext } from '@server/context.js';
import type { Plan } from '@server/platform/db/schema.js';
import { fieldError, notFound } from '@server/errors.js';
import { isOwner, requireOwner, type Handlers } from '@server/http.js';
import { planBody } from '@server/lifecycles/subscription/subscription.serializer.js';
import { storeMeals, toPaise } from '@server/platform/format.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { createSharedAnswers, readVersion, sendShared } from '@server/platform/read-cache.js';

const CODE_TAKEN = 'A plan with this code already exists.';
const PRICE_DECIMALS = 'Price may have at most two decimals';

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === '23503' || code.startsWith('SQLITE_CONSTRAINT_FOREIGNKEY');
}

const codeTaken = () => fieldError('code', CODE_TAKEN, 'plan.code_taken');

function pricePaise(price: number): number {
  const paise = toPaise(price);
  if (paise === null) throw fieldError('base_price', PRICE_DECIMALS);
  return paise;
}

export function planHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const activePlans = createSharedAnswers(() => readVersion(db, 'plans'));

  async function findPlan(id: number): Promise<Plan> {
    const plan = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    if (!plan) throw notFound();
    return plan;
  }

  return {
    async listPlans(request, reply) {
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
      if (owner) return readPlans(query.include_inactive !== true);
      // Everyone else sees the same active plans: kept in memory while no plan has changed.
      const answer = await activePlans.read(serviceType ?? 'all', async () =>
        String(reply.serialize(await readPlans(true))),
      );
      return sendShared(request, reply, answer);
    },

    async getPlan(request) {
      const plan = await findPlan(request.params.id);
      const owner = request.auth ? isOwner(request.auth.user) : false;
      if (!plan.is_active && !owner) throw notFound();
      return planBody(plan);
    },

    async createPlan(request, reply) {
      const owner = requireOwner(request);
      const body = request.body;
      const code = body.code.trim();
      const taken = await db
        .selectFrom('plans')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
        .executeTakeFirst();
      if (taken) throw codeTaken();
      const now = ctx.clock.now().toISOString();
      try {
        const plan = await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('plans')
            .values({
              code,
              name: body.name.trim(),
              description: body.description.trim(),
              is_active: body.is_active ?? true,
              service_type: body.service_type ?? 'mess',
              duration_days: body.duration_days ?? 30,
              base_price_paise: pricePaise(body.base_price ?? 0),
              included_meals: storeMeals(body.included_meals ?? []),
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(ctx, trx, {
            actor: owner,
            action: 'plan.create',
            objectType: 'plan',
            objectId: created.id,
            summary: `Created plan ${created.code} "${created.name}".`,
            after: planBody(created),
          });
          return created;
        });
        reply.code(201);
        return planBody(plan);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },

    async updatePlan(request) {
      const owner = requireOwner(request);
      const plan = await findPlan(request.params.id);
      const body = request.body;
      const changes: Partial<Plan> = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.description !== undefined) changes.description = body.description.trim();
      if (body.is_active !== undefined) changes.is_active = body.is_active;
      if (body.service_type !== undefined) changes.service_type = body.service_type;
      if (body.duration_days !== undefined) changes.duration_days = body.duration_days;
      if (body.base_price !== undefined) changes.base_price_paise = pricePaise(body.base_price);
      if (body.included_meals !== undefined)
        changes.included_meals = storeMeals(body.included_meals);
      if (Object.keys(changes).length === 0) return planBody(plan);
      const updated = await db.transaction().execute(async (trx) => {
        const written = await trx
          .updateTable('plans')
          .set({ ...changes, updated_at: ctx.clock.now().toISOString() })
          .where('id', '=', plan.id)
          .returningAll()
          .executeTakeFirst();
        if (!written) return undefined;
        const before = Object.fromEntries(
          Object.keys(changes).map((key) => [key, plan[key as keyof Plan]]),
        );
        const after = Object.fromEntries(
          Object.keys(changes).map((key) => [key, written[key as keyof Plan]]),
        );
        await recordAudit(ctx, trx, {
          actor: owner,
          action: 'plan.update',
          objectType: 'plan',
          objectId: plan.id,
          summary: `Changed plan ${plan.code}: ${Object.keys(changes).join(', ')}.`,
          before,
          after,
        });
        return written;
      });
      if (!updated) throw notFound();
      return planBody(updated);
    },

    async deletePlan(request, reply) {
      const owner = requireOwner(request);
      const plan = await findPlan(request.params.id);
      const audit = (archived: boolean) =>
        recordAudit(ctx, db, {
          actor: owner,
          action: archived ? 'plan.archive' : 'plan.delete',
          objectType: 'plan',
          objectId: plan.id,
          summary: archived
            ? `Archived plan ${plan.code} "${plan.name}" (it has subscriptions).`
            : `Deleted plan ${plan.code} "${plan.name}".`,
          before: { is_active: plan.is_active },
          after: archived ? { is_active: false } : null,
        });
      const archive = async () => {
        await db
          .updateTable('plans')
          .set({ is_active: false, updated_at: ctx.clock.now().toISOString() })
          .where('id', '=', plan.id)
          .execute();
        await audit(true);
      };
      const used = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('plan_id', '=', plan.id)
        .limit(1)
        .executeTakeFirst();
      if (used) {
        await archive();
      } else {
        try {
          await db.deleteFrom('plans').where('id', '=', plan.id).execute();
          await audit(false);
        } catch (error) {
          // A subscription arrived between the check and the delete: keep the plan, archived.
          if (!isForeignKeyViolation(error)) throw error;
          await archive();
        }
      }
      return reply.code(204).send();
    },
  } satisfies Partial<Handlers>;
}
