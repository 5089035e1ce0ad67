// The meal-skip lifecycle's writes: the customer skips one meal of a date, or puts it back, before
// its cutoff; each refreshes the upcoming meals, refused or not: a refusal (the owner moved a cutoff
// or turned skips off) means the screen's meals are out of date, and they are asked again before
// the screen hears of it, so it shows the cutoff that refused the change.
import type { components } from '@generated/api';
import type { ApiPath } from '@web/api/call';
import { byId, useApiMutation, useRefreshReads } from '@web/api/query';

type Schemas = components['schemas'];

const UPCOMING_MEALS = '/meals/upcoming/' satisfies ApiPath<'get'>;

/** The customer skips one meal of a date, before its cutoff. */
export function useSkipMeal() {
  const refresh = useRefreshReads();
  return useApiMutation('post', '/meals/skips/', {
    init: (body: Schemas['MealSkipCreate']) => ({ body }),
    refreshes: [UPCOMING_MEALS],
    onError: () => refresh([UPCOMING_MEALS]),
  });
}

/** The customer puts a skipped meal back, before its cutoff. */
export function useUndoMealSkip() {
  const refresh = useRefreshReads();
  return useApiMutation('post', '/meals/skips/{id}/undo/', {
    init: byId,
    refreshes: [UPCOMING_MEALS],
    onError: () => refresh([UPCOMING_MEALS]),
  });
}
