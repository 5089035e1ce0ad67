// The kitchen sheet's lock job: every scheduler tick asks which meals' cutoffs have passed; when
// that changes, one instance (the job_runs claim) locks the meals that are due and not yet locked.
// A read of the sheet locks a due meal too, so a lock never waits for the job.
import type { Job } from '@server/services/scheduler.js';
import { dueMealsKey, lockDueMeals } from './kitchen.lock.js';

export const kitchenJobs: Job[] = [
  { name: 'lock-kitchen-counts', runKey: dueMealsKey, run: lockDueMeals },
];
