import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { addDays } from '@machines';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { seedDemo } from '../../server/demo/demo.js';
import { startSession } from '../../server/resources/auth/sessions.js';
import {
  mealCounts,
  skipsOnDate,
  leavesOnDate,
  subscriptionsCovering,
  leaveCovers,
} from '../../server/owner/kitchen/kitchen.query.js';
import { dietCounts } from '../../server/owner/kitchen/kitchen.diets.js';
import { freshDatabase, benchEnv, type Dialect } from './harness.js';

const dialect = (process.argv[2] ?? 'sqlite') as Dialect;
const dataDir = process.env.PROF_DIR || mkdtempSync(path.join(tmpdir(), 'prof-'));
const { databaseUrl } = process.env.PROF_URL
  ? { databaseUrl: process.env.PROF_URL }
  : await freshDatabase(dialect);
console.log(dataDir, databaseUrl);
const env = benchEnv(dataDir, databaseUrl);
const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
const db = built.ctx.db.kysely;
const date = addDays(built.ctx.today(), 1);
if (!process.env.PROF_DIR) {
  await seedDemo(built.ctx, { users: 10750, onlyIfEmpty: false });
  const subs = await subscriptionsCovering(db, date)
    .select(['s.id', 's.user_id', 'p.included_meals'])
    .execute();
  const now = new Date().toISOString();
  const rows = [];
  for (const s of subs)
    for (const meal of s.included_meals.split(','))
      if (Math.random() < 0.15)
        rows.push({
          subscription_id: s.id,
          user_id: s.user_id,
          meal_date: date,
          meal: meal as 'lunch',
          status: 'SKIPPED' as const,
          created_at: now,
          updated_at: now,
        });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('meal_skips')
      .values(rows.slice(i, i + 500))
      .execute();
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}
const time = async (name: string, f: () => Promise<unknown>) => {
  const t: number[] = [];
  for (let i = 0; i < 8; i++) {
    const s = performance.now();
    await f();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(30), t.map((x) => x.toFixed(0)).join(' '));
};
await time('mealCounts', () => mealCounts(db, built.ctx.db.dialect, date));
await time('skipsOnDate', () => skipsOnDate(db, date));
await time('leavesOnDate', () => leavesOnDate(db, built.ctx.db.dialect, date));
await time('dietCounts', () => dietCounts(db, date));
await time('deliveries rows', () =>
  subscriptionsCovering(db, date)
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('student_profiles as sp', 'sp.user_id', 'u.id')
    .leftJoin('regular_profiles as rp', 'rp.user_id', 'u.id')
    .where('s.subscription_type', '=', 'tiffin')
    .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
    .select([
      's.id as subscription_id',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'sp.hostel',
      'sp.institute',
      'rp.address',
      'rp.landmark',
      'rp.pincode',
      'rp.city',
      'p.name as plan_name',
      'p.included_meals as meals',
      sql<number>`case when ${leaveCovers('PENDING', date)} then 1 else 0 end`.as('pending_leave'),
    ])
    .orderBy(sql`case when coalesce(rp.pincode, sp.institute, '') = '' then 1 else 0 end`)
    .orderBy(sql`coalesce(rp.pincode, sp.institute, '')`)
    .orderBy(sql`coalesce(sp.hostel, rp.address, '')`)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute(),
);
const owner = await db
  .selectFrom('users')
  .select('id')
  .where('username', '=', 'owner')
  .executeTakeFirstOrThrow();
const token = (await startSession(built.ctx, owner.id)).access;
await built.app.ready();
for (const enc of ['', 'gzip, deflate, br']) {
  await time(`inject json ${enc}`, () =>
    built.app.inject({
      method: 'GET',
      url: `/api/kitchen/sheet/?date=${date}`,
      headers: { authorization: `Bearer ${token}`, ...(enc ? { 'accept-encoding': enc } : {}) },
    }),
  );
}
await time('inject csv', () =>
  built.app.inject({
    method: 'GET',
    url: `/api/kitchen/sheet/?date=${date}&format=csv`,
    headers: { authorization: `Bearer ${token}` },
  }),
);
await built.app.close();
