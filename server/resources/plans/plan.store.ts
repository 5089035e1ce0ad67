// The plans' store: the only code that writes plans. Each change and its audit entry commit in one
// transaction, so the owner's audit log never shows a change that did not happen, or misses one.
// Plans have no lifecycle machine: a plan is active or archived, and the owner decides which.
import type { Plan, User } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { fieldError, refusalField } from '@server/errors.js';
import { toPaise } from '@server/platform/format.js';
import { recordAudit, type AuditValue } from '@server/lifecycles/audit.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { planBody } from './plan.serializer.js';

const PRICE_DECIMALS = 'Price may have at most two decimals';

const codeTaken = () => refusalField('code', 'plan.code_taken');

/** A plan's name for the audit log's readers: the Hindi one for readers of Hindi, when given. */
const planName = (plan: Pick<Plan, 'name' | 'name_hi'>): AuditValue => ({
  text: { en: plan.name, hi: plan.name_hi },
});

/** A price in rupees as the API sends it, in paise; more than two decimals is refused. */
export function pricePaise(rupees: number): number {
  const paise = toPaise(rupees);
  if (paise === null) throw fieldError('base_price', PRICE_DECIMALS);
  return paise;
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === '23503' || code.startsWith('SQLITE_CONSTRAINT_FOREIGNKEY');
}

/** A new plan as the owner describes it. */
export interface NewPlan {
  code: string;
  name: string;
  description: string;
  /** The owner's Hindi name and description; null: none (the English is shown to everyone). */
  nameHi: string | null;
  descriptionHi: string | null;
  isActive: boolean;
  serviceType: Plan['service_type'];
  durationDays: number;
  /** As the API sends it; checked after the code, as the create always has. */
  basePriceRupees: number;
  /** Stored form: "breakfast,lunch" (format.ts storeMeals). */
  includedMeals: string;
}

/** The columns an owner's edit may change. */
export type PlanChanges = Partial<
  Pick<
    Plan,
    | 'name'
    | 'description'
    | 'name_hi'
    | 'description_hi'
    | 'is_active'
    | 'service_type'
    | 'duration_days'
    | 'base_price_paise'
    | 'included_meals'
  >
>;

export function createPlanStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** A new plan; its code is unique whatever its case. */
  async function create(owner: User, plan: NewPlan): Promise<Plan> {
    const taken = await db
      .selectFrom('plans')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['code']), '=', plan.code.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw codeTaken();
    const at = nowIso(deps);
    try {
      return await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('plans')
          .values({
            code: plan.code,
            name: plan.name,
            description: plan.description,
            name_hi: plan.nameHi,
            description_hi: plan.descriptionHi,
            is_active: plan.isActive,
            service_type: plan.serviceType,
            duration_days: plan.durationDays,
            base_price_paise: pricePaise(plan.basePriceRupees),
            included_meals: plan.includedMeals,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'plan.create',
          objectType: 'plan',
          objectId: created.id,
          summary: {
            key: 'audit.summary.plan.create',
            values: { code: created.code, name: planName(created) },
          },
          after: planBody(created),
        });
        return created;
      });
    } catch (error) {
      // Two requests raced past the check: the unique index keeps one.
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  /** The owner's edit of `plan` as read; undefined when the plan is gone. */
  async function update(owner: User, plan: Plan, changes: PlanChanges): Promise<Plan | undefined> {
    const fields = Object.keys(changes) as (keyof PlanChanges)[];
    if (fields.length === 0) return plan;
    return db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable('plans')
        .set({ ...changes, updated_at: nowIso(deps) })
        .where('id', '=', plan.id)
        .returningAll()
        .executeTakeFirst();
      if (!written) return undefined;
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'plan.update',
        objectType: 'plan',
        objectId: plan.id,
        summary: {
          key: 'audit.summary.plan.update',
          values: {
            code: plan.code,
            fields: { list: fields.map((field) => ({ message: `label.plan_field.${field}` })) },
          },
        },
        before: Object.fromEntries(fields.map((field) => [field, plan[field]])),
        after: Object.fromEntries(fields.map((field) => [field, written[field]])),
      });
      return written;
    });
  }

  /** The audit entry of the owner's delete: the plan gone, or archived as it has subscriptions. */
  const recordRemoval = (executor: Executor, owner: User, plan: Plan, archived: boolean) =>
    recordAudit(deps, executor, {
      actor: owner,
      action: archived ? 'plan.archive' : 'plan.delete',
      objectType: 'plan',
      objectId: plan.id,
      summary: {
        key: archived ? 'audit.summary.plan.archive' : 'audit.summary.plan.delete',
        values: { code: plan.code, name: planName(plan) },
      },
      before: { is_active: plan.is_active },
      after: archived ? { is_active: false } : null,
    });

  /**
   * The owner's delete: a plan nobody subscribed to goes; one with subscriptions is archived
   * instead. Either way the change and its audit entry commit together.
   */
  async function remove(owner: User, plan: Plan): Promise<'deleted' | 'archived'> {
    const archive = async () => {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('plans')
          .set({ is_active: false, updated_at: nowIso(deps) })
          .where('id', '=', plan.id)
          .execute();
        await recordRemoval(trx, owner, plan, true);
      });
      return 'archived' as const;
    };
    const used = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('plan_id', '=', plan.id)
      .limit(1)
      .executeTakeFirst();
    if (used) return archive();
    try {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('plans').where('id', '=', plan.id).execute();
        await recordRemoval(trx, owner, plan, false);
      });
      return 'deleted';
    } catch (error) {
      // A subscription arrived between the check and the delete: keep the plan, archived.
      if (!isForeignKeyViolation(error)) throw error;
      return archive();
    }
  }

  return { create, update, remove };
}
