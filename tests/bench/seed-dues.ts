// Seeds the dues bench's data once, and keeps it: `tsx tests/bench/seed-dues.ts DIR [DATABASE_URL]
// [--dues-customers N]` (DATABASE_URL: an empty PostgreSQL database; without it SQLite in DIR).
// Then `BENCH_PARTS=dues BENCH_DUES_SQLITE=DIR tsx tests/bench/run.ts --db sqlite`, or
// BENCH_DUES_POSTGRES=DIR,DATABASE_URL with --db postgres, measures it as often as needed.
import { mkdirSync } from 'node:fs';
import { sql } from 'kysely';
import { option } from './harness.js';
import { seeded } from './ledger.js';

const [dir, url] = process.argv
  .slice(2)
  .filter((arg, index, all) => !arg.startsWith('--') && !all[index - 1]?.startsWith('--'));
if (!dir) throw new Error('usage: tsx tests/bench/seed-dues.ts DIR [DATABASE_URL]');
const customers = Number(option('dues-customers', '100000'));
mkdirSync(dir, { recursive: true });
const started = Date.now();
const { built, dues } = await seeded(url ? 'postgres' : 'sqlite', customers, dir, url ?? '');
await (url ? sql`vacuum analyze` : sql`analyze`).execute(built.ctx.db.kysely);
await built.app.close();
console.log(
  `${customers} customers, ${dues.charged} renewals charged, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
