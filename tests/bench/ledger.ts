// The bench's `ledger` part (issue 21, "Correctness and scale"), per database:
// - statements: STATEMENT_CUSTOMERS customers' demo data, a renewal awaiting payment charged to
//   OWING_SHARE of them and part payments recorded at the counter for some of those (through the
//   payment store, as the owner records them), then every customer's statement produced by the code
//   GET /api/ledger/statement/ and GET /api/owner/dues/{id}/ answer with (readStatement), one after
//   another: the run fails when that takes over STATEMENTS_BUDGET_S, or when a statement's balance
//   is not the sum of its entries or not the customer's ledger_balances row;
// - the owner's dues list: DUES_CUSTOMERS customers seeded the same way (in bulk), the built server
//   in a process of its own, GET /api/owner/dues/ with each filter and a deep page, one request at
//   a time as the owner's browser asks: the run fails when a p99 is over DUES_P99_MS. Seeding
//   100,000 customers takes minutes (about 7 on PostgreSQL on a busy 2-core machine): to measure
//   again, seed once with `tsx tests/bench/seed-dues.ts DIR [DATABASE_URL]` and pass
//   `--dues-sqlite DIR` or `--dues-postgres DIR,DATABASE_URL` (BENCH_DUES_SQLITE=…).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import { addDays } from '@machines/shared';
import { balanceOf } from '@machines/dues';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { AppContext } from '../../server/context.js';
import { seedDemo } from '../../server/demo/demo.js';
import type {
  Database,
  LedgerEntriesTable,
  SubscriptionsTable,
} from '../../server/platform/db/schema.js';
import { readStatement } from '../../server/lifecycles/dues/dues.read.js';
import {
  benchEnv,
  cpuMicros,
  freshDatabase,
  json,
  measure,
  option,
  send,
  SERVER_BUNDLE,
  SERVER_NODE_OPTIONS,
  startProcess,
  stop,
  type Dialect,
  type Target,
} from './harness.js';

const STATEMENT_CUSTOMERS = Number(option('statement-customers', '5000'));
const DUES_CUSTOMERS = Number(option('dues-customers', '100000'));
const DUES_SECONDS = Number(option('dues-seconds', '5'));
/** Every customer's statement, one after another: at most this many seconds. */
const STATEMENTS_BUDGET_S = 60;
/** One owner asking for a page of the dues list, one request at a time: p99 at most this. */
const DUES_P99_MS = 100;
/** The customers given a renewal awaiting payment (on top of the demo's own pending ones). */
const OWING_SHARE = 0.4;
/** Of those, the ones who paid part of it at the counter (statements part only: one at a time). */
const PART_PAID_SHARE = 0.25;

/** A deterministic draw in [0, 1) from integers, so every run seeds the same dues. */
function draw(...keys: number[]): number {
  let hash = 2_166_136_261;
  for (const key of keys) {
    hash ^= key;
    hash = Math.imul(hash, 16_777_619) >>> 0;
    hash ^= hash >>> 13;
  }
  return (Math.imul(hash, 2_246_822_519) >>> 0) / 2 ** 32;
}

async function insertChunks<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 400) {
    const inserted = await db
      .insertInto(table)
      .values(rows.slice(start, start + 400) as never)
      .returning('id' as never)
      .execute();
    ids.push(...(inserted as unknown as { id: number }[]).map((row) => row.id));
  }
  return ids;
}

/**
 * Dues on top of the demo's data, in bulk: OWING_SHARE of the customers get a renewal of their
 * latest subscription awaiting payment, charged to their ledger 0 to 60 days ago (so every age and
 * the overdue list are full); every customer's ledger_balances row is then rewritten from their
 * entries as the ledger store writes it (machines/dues balanceOf).
 */
export async function seedDues(ctx: AppContext): Promise<{ charged: number; pending: number[] }> {
  const db = ctx.db.kysely;
  const today = ctx.today();
  const now = ctx.clock.now().toISOString();
  const latest = await db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('subscriptions')
    .where('users.user_type', 'in', ['student', 'regular'])
    .where('subscriptions.id', 'in', (eb) =>
      eb
        .selectFrom('subscriptions')
        .select((inner) => inner.fn.max('id').as('id'))
        .groupBy('user_id'),
    )
    .orderBy('subscriptions.id')
    .execute();
  const renewals: Insertable<SubscriptionsTable>[] = [];
  for (const subscription of latest) {
    if (draw(subscription.user_id, 1) >= OWING_SHARE) continue;
    renewals.push({
      user_id: subscription.user_id,
      plan_id: subscription.plan_id,
      subscription_type: subscription.subscription_type,
      status: 'PENDING_PAYMENT',
      breakfast_included: subscription.breakfast_included,
      total_paid_paise: subscription.total_paid_paise,
      start_date: null,
      base_end_date: null,
      adjusted_end_date: null,
      leave_days: 0,
      cancelled_at: null,
      renewed_from_id: subscription.id,
      created_at: now,
      updated_at: now,
    });
  }
  const ids = await insertChunks(db, 'subscriptions', renewals);
  const charges: Insertable<LedgerEntriesTable>[] = renewals.map((renewal, index) => ({
    user_id: renewal.user_id,
    subscription_id: ids[index]!,
    kind: 'charge',
    amount_paise: renewal.total_paid_paise,
    source_type: 'subscription',
    source_id: ids[index]!,
    occurred_on: addDays(today, -Math.floor(draw(renewal.user_id, 2) * 61)),
    description: `Subscription #${ids[index]}`,
    created_at: now,
    created_by: null,
  }));
  await insertChunks(db, 'ledger_entries', charges);
  await rewriteBalances(db, now);
  return { charged: charges.length, pending: ids };
}

/** Every customer's balance row, rewritten from their entries. */
async function rewriteBalances(db: Kysely<Database>, now: string): Promise<void> {
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['user_id', 'amount_paise', 'occurred_on'])
    .orderBy('user_id')
    .orderBy('id')
    .execute();
  const byUser = new Map<number, { amountPaise: number; occurredOn: string }[]>();
  for (const entry of entries) {
    const list = byUser.get(entry.user_id) ?? [];
    list.push({ amountPaise: Number(entry.amount_paise), occurredOn: entry.occurred_on });
    byUser.set(entry.user_id, list);
  }
  const rows = [...byUser].map(([userId, list]) => {
    const { balancePaise, dueSince } = balanceOf(list);
    return { user_id: userId, balance_paise: balancePaise, due_since: dueSince, updated_at: now };
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ledger_balances').execute();
    for (let start = 0; start < rows.length; start += 400)
      await trx
        .insertInto('ledger_balances')
        .values(rows.slice(start, start + 400))
        .execute();
  });
}

export async function seeded(
  dialect: Dialect,
  customers: number,
  dataDir: string,
  databaseUrl: string,
) {
  const env = benchEnv(dataDir, databaseUrl);
  const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
  await seedDemo(built.ctx, { users: customers, onlyIfEmpty: false });
  const dues = await seedDues(built.ctx);
  return { env, built, dues };
}

const analyze = (dialect: Dialect, db: Kysely<Database>) =>
  (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);

export async function benchStatements(dialect: Dialect): Promise<{
  budgets: Record<string, string | number>[];
  failures: string[];
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-bench-statements-'));
  const { databaseUrl, drop } = await freshDatabase(dialect);
  const failures: string[] = [];
  const budgets: Record<string, string | number>[] = [];
  try {
    const seedStarted = Date.now();
    const { built, dues } = await seeded(dialect, STATEMENT_CUSTOMERS, dataDir, databaseUrl);
    const { ctx } = built;
    const db = ctx.db.kysely;
    const today = ctx.today();
    try {
      // Part payments at the counter, through the payment store as the owner records them: a
      // payment row, its ledger entry and the balance rewritten, in one transaction each.
      const owner = await db
        .selectFrom('users')
        .selectAll()
        .where('user_type', '=', 'mess_owner')
        .executeTakeFirstOrThrow();
      const partPaid = dues.pending.filter((id) => draw(id, 3) < PART_PAID_SHARE);
      for (const id of partPaid) {
        const subscription = await db
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await ctx.stores.payments.recordOffline(owner, subscription, {
          amountPaise: Math.max(100, Math.round(subscription.total_paid_paise * 0.3)),
          mode: 'cash',
          reference: null,
          receivedOn: today,
          note: null,
          requestId: `bench-part-${id}`,
        });
      }
      await analyze(dialect, db);
      const entryCount = Number(
        (
          await db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
      console.log(
        `${dialect} statements: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ` +
          `${STATEMENT_CUSTOMERS} customers, ${dues.charged} renewals charged, ` +
          `${partPaid.length} part payments at the counter, ${entryCount} ledger entries`,
      );

      const customers = await db
        .selectFrom('users')
        .selectAll()
        .where('user_type', 'in', ['student', 'regular'])
        .orderBy('id')
        .execute();
      const balances = new Map(
        (await db.selectFrom('ledger_balances').select(['user_id', 'balance_paise']).execute()).map(
          (row) => [row.user_id, Number(row.balance_paise)],
        ),
      );
      const started = performance.now();
      let entries = 0;
      let owing = 0;
      let wrong = 0;
      for (const customer of customers) {
        const statement = await readStatement(db, customer, today, 'owner');
        entries += statement.entries.length;
        if (statement.balance > 0) owing += 1;
        // The balance is the sum of the entries, and the customer's balance row.
        const sum = statement.entries.reduce(
          (total, entry) => total + Math.round(entry.amount * 100),
          0,
        );
        const last = statement.entries.at(-1)?.balance ?? 0;
        const paise = Math.round(statement.balance * 100);
        if (
          sum !== paise ||
          Math.round(last * 100) !== paise ||
          (balances.get(customer.id) ?? 0) !== paise
        )
          wrong += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      const over = seconds > STATEMENTS_BUDGET_S;
      if (over)
        failures.push(`${dialect}: statements: ${seconds.toFixed(1)} s > ${STATEMENTS_BUDGET_S} s`);
      if (wrong > 0)
        failures.push(`${dialect}: statements: ${wrong} balances are not the sum of their entries`);
      budgets.push({
        database: dialect,
        check: `every customer's statement, one after another (${customers.length} customers, ${owing} owing, ${entries} entries)`,
        measured: `${seconds.toFixed(1)} s (${((seconds * 1000) / customers.length).toFixed(2)} ms each); ${wrong} wrong`,
        budget: `≤ ${STATEMENTS_BUDGET_S} s`,
        verdict: over || wrong > 0 ? 'FAIL' : 'ok',
      });
    } finally {
      await built.app.close();
    }
    return { budgets, failures };
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDues(dialect: Dialect): Promise<{
  budgets: Record<string, string | number>[];
  failures: string[];
}> {
  // A database seeded before (by tests/bench/seed-dues.ts) is measured as it is, and kept.
  const kept = option(`dues-${dialect}`, '');
  const [keptDir, keptUrl] = kept.split(',');
  const dataDir = keptDir || mkdtempSync(path.join(tmpdir(), 'dabba-bench-dues-'));
  const { databaseUrl, drop } = kept
    ? { databaseUrl: keptUrl ?? '', drop: async () => {} }
    : await freshDatabase(dialect);
  const env = benchEnv(dataDir, databaseUrl);
  const failures: string[] = [];
  const budgets: Record<string, string | number>[] = [];
  try {
    if (!kept) {
      const seedStarted = Date.now();
      const { built, dues } = await seeded(dialect, DUES_CUSTOMERS, dataDir, databaseUrl);
      await analyze(dialect, built.ctx.db.kysely);
      await built.app.close();
      console.log(
        `${dialect} dues: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ` +
          `${DUES_CUSTOMERS} customers, ${dues.charged} renewals charged`,
      );
    }
    const { child, port } = await startProcess(
      [...SERVER_NODE_OPTIONS, SERVER_BUNDLE],
      { ...env, PORT: '0', LOG_LEVEL: 'info' },
      /listening on http:\/\/[^:]+:(\d+)/,
      path.join(dataDir, 'server.log'),
    );
    try {
      const owner = (
        await json(port, {
          method: 'POST',
          path: '/api/accounts/login/',
          body: JSON.stringify({ username: 'owner', password: env.OWNER_PASSWORD }),
        })
      ).access as string;
      const views: [string, string][] = [
        ['dues, owing (first page)', '/api/owner/dues/'],
        ['dues, owing, page 100 (offset 4950)', '/api/owner/dues/?limit=50&offset=4950'],
        ['dues, due', '/api/owner/dues/?status=due'],
        ['dues, overdue', '/api/owner/dues/?status=overdue'],
        ['dues, overdue, page 50', '/api/owner/dues/?status=overdue&limit=50&offset=2450'],
        ['dues, age 16–30', '/api/owner/dues/?age=16_30'],
        ['dues, age over 30', '/api/owner/dues/?age=over_30'],
        ['dues, in credit', '/api/owner/dues/?status=in_credit'],
        ['dues, search `sharma`', '/api/owner/dues/?search=sharma'],
        ['dues, overdue, search `98`', '/api/owner/dues/?status=overdue&search=98'],
        ['dues summary (home tile)', '/api/owner/dues/summary/'],
      ];
      for (const [name, url] of views) {
        const target: Target = { method: 'GET', path: url, token: owner };
        const sample = await send(port, target);
        if (sample.status !== 200) throw new Error(`${name} answered ${sample.status}`);
        const total = sample.headers.find(([header]) => header === 'x-total-count')?.[1] ?? '';
        const cpuBefore = cpuMicros(child.pid!);
        const alone = await measure(port, target, 1, DUES_SECONDS);
        const cpuAfter = cpuMicros(child.pid!);
        // The server's CPU per answer, which other work on the machine hardly changes (the
        // warm-up's requests counted too, so a little high).
        const cpuMs =
          cpuBefore === null || cpuAfter === null || alone.requests === 0
            ? ''
            : `; server CPU ${((cpuAfter - cpuBefore) / alone.requests / 1000).toFixed(1)} ms each`;
        const over = alone.p99 > DUES_P99_MS;
        if (over) failures.push(`${dialect}: ${name}: p99 ${alone.p99} ms > ${DUES_P99_MS} ms`);
        if (alone.errors > 0) failures.push(`${dialect}: ${name}: ${alone.errors} errors`);
        budgets.push({
          database: dialect,
          check: `${name}${total ? `, ${total} matching` : ''} (${sample.body.length} bytes)`,
          measured: `p50 ${alone.p50} / p99 ${alone.p99} ms (${alone.requests} requests)${cpuMs}`,
          budget: `p99 ≤ ${DUES_P99_MS} ms`,
          verdict: over || alone.errors > 0 ? 'FAIL' : 'ok',
        });
      }
    } finally {
      await stop(child);
    }
    return { budgets, failures };
  } finally {
    if (!kept) {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
