// In-process jobs. Each run is claimed with an insert into job_runs, so when several instances share
// one PostgreSQL exactly one of them runs a job for a given period.
import type { AppContext } from '@server/context.js';

export interface Job {
  name: string;
  /**
   * The period a run covers; one run per key. Daily jobs use the business date; the kitchen's lock
   * job reads the settings to name the cutoffs passed.
   */
  runKey(ctx: AppContext): string | Promise<string>;
  run(ctx: AppContext): Promise<unknown>;
}

export async function runJobIfDue(ctx: AppContext, job: Job): Promise<boolean> {
  const runKey = await job.runKey(ctx);
  const claimed = await ctx.db.kysely
    .insertInto('job_runs')
    .values({
      job: job.name,
      run_key: runKey,
      started_at: ctx.clock.now().toISOString(),
      finished_at: null,
    })
    .onConflict((conflict) => conflict.columns(['job', 'run_key']).doNothing())
    .returning('job')
    .executeTakeFirst();
  if (!claimed) return false;
  try {
    const result = await job.run(ctx);
    ctx.log.info({ job: job.name, runKey, result }, 'job finished');
  } catch (error) {
    ctx.log.error({ job: job.name, runKey, err: error }, 'job failed');
  }
  await ctx.db.kysely
    .updateTable('job_runs')
    .set({ finished_at: ctx.clock.now().toISOString() })
    .where('job', '=', job.name)
    .where('run_key', '=', runKey)
    .execute();
  return true;
}

export function startScheduler(ctx: AppContext, jobs: Job[], intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const job of jobs) await runJobIfDue(ctx, job);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A job run once an hour (the hour's UTC date and hour). */
export const hourKey = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 13);

export const foundationJobs: Job[] = [
  {
    name: 'retry-failed-notifications',
    runKey: hourKey,
    run: (ctx) => ctx.notifier.retryFailed(),
  },
  {
    name: 'prune-rate-limits',
    runKey: (ctx) => ctx.today(),
    run: async (ctx) => ({
      rateLimits: await ctx.rateLimiter.prune(),
      loginThrottles: await ctx.loginThrottle.prune(),
    }),
  },
];
