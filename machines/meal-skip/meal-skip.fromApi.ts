// The one mapping from a meal skip as the API shows it (or as stored) to the machine's state, at
// the moment `now` (an ISO instant) the question is asked.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { MealSkipMachine } from './meal-skip.machine';

export type MealSkipFacts = Pick<components['schemas']['MealSkip'], 'status' | 'cutoff_at'>;

export function mealSkipFromApi(record: MealSkipFacts, now: string): Persisted<MealSkipMachine> {
  return { value: record.status, context: { cutoffAt: record.cutoff_at, now } };
}
