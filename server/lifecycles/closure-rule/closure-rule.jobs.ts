// The closure rules' job: once an hour, one instance (the job_runs claim) closes each ACTIVE rule's
// dates that came within reach, and finishes what a failure left waiting. A rule closes its dates
// when it is made too, so the job only ever adds the day that came into reach since.
import { hourKey, type Job } from '@server/services/scheduler.js';

export const closureRuleJobs: Job[] = [
  {
    name: 'apply-closure-rules',
    runKey: hourKey,
    run: (ctx) => ctx.stores.closureRules.applyAll(),
  },
];
