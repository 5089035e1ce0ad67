// Plans as the API shows them (Plan).
import type { components } from '@generated/api.js';
import type { Plan } from '@server/platform/db/schema.js';
import { parseMeals, rupees } from '@server/platform/format.js';

export type PlanBody = components['schemas']['Plan'];

export function planBody(plan: Plan): PlanBody {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    name_hi: plan.name_hi,
    description: plan.description,
    description_hi: plan.description_hi,
    is_active: plan.is_active,
    service_type: plan.service_type,
    duration_days: plan.duration_days,
    base_price: rupees(plan.base_price_paise),
    included_meals: parseMeals(plan.included_meals),
    created_at: plan.created_at,
  };
}
