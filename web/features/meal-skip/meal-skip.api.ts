// The meal-skip lifecycle's writes: the customer skips one meal of a date, or puts it back, before
// its cutoff; each refreshes the upcoming meals.
import type { components } from '@generated/api';
import type { ApiPath } from '@web/api/call';
import { byId, useApiMutation } from '@web/api/query';

type Schemas = components['schemas'];

const UPCOMING_MEALS = '/meals/upcoming/' satisfies ApiPath<'get'>;

/** The customer skips one meal of a date, before its cutoff. */
export const useSkipMeal = () =>
  useApiMutation('post', '/meals/skips/', {
    init: (body: Schemas['MealSkipCreate']) => ({ body }),
    refreshes: [UPCOMING_MEALS],
  });

/** The customer puts a skipped meal back, before its cutoff. */
export const useUndoMealSkip = () =>
  useApiMutation('post', '/meals/skips/{id}/undo/', {
    init: byId,
    refreshes: [UPCOMING_MEALS],
  });
