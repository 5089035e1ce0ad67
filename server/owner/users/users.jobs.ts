// The owner's users list reads per-customer subscription summaries (migration 002); this job keeps
// them true.
import { sql } from 'kysely';
import { REFRESH_ALL_SUMMARIES_SQL } from '@server/platform/db/migrations/002_care_indexes.js';
import type { Job } from '@server/services/scheduler.js';

/**
 * Recomputes every customer's subscription summary once a day. The triggers keep it current; this
 * repairs the rare PostgreSQL race where two transactions change one customer's subscriptions at
 * the same moment and the later trigger computed from a snapshot without the other's change.
 */
export const careJobs: Job[] = [
  {
    name: 'refresh-subscription-summaries',
    runKey: (ctx) => ctx.today(),
    run: async (ctx) => {
      await sql.raw(REFRESH_ALL_SUMMARIES_SQL).execute(ctx.db.kysely);
    },
  },
];
