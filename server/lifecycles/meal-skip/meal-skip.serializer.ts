// The API's meal skip bodies.
import type { components } from '@generated/api.js';
import type { MealSkip } from '@server/platform/db/schema.js';

export const mealSkipBody = (
  row: MealSkip,
  cutoffAt: string,
): components['schemas']['MealSkip'] => ({
  id: row.id,
  subscription: row.subscription_id,
  user: row.user_id,
  meal_date: row.meal_date,
  meal: row.meal,
  status: row.status,
  cutoff_at: cutoffAt,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
