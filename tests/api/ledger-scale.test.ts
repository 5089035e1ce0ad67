// The ledger bench's data at a small scale (tests/bench/ledger.ts: `npm run bench` times it at
// 5,000 and 100,000 customers), checked for correctness, not time: every customer's statement
// balances (the sum of its entries, the customer's balance row), and the owner's dues list answers
// every filter with the right accounts, in order, and counts them right on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines/shared';
import { OVERDUE_AFTER_DAYS } from '@machines/dues';
import { seedDemo } from '../../server/demo/demo.js';
import { readStatement } from '../../server/lifecycles/dues/dues.read.js';
import { seedDues } from '../bench/ledger.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner } from '../helpers/accounts.js';

const CUSTOMERS = 200;

describe.each(testDatabases())('the ledger at %s scale', (dialect) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx, { users: CUSTOMERS, onlyIfEmpty: false });
    const { charged } = await seedDues(t.ctx);
    expect(charged).toBeGreaterThan(20);
    owner = await loginOwner(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("every customer's statement is the sum of its entries and the balance row", async () => {
    const db = t.ctx.db.kysely;
    const customers = await db
      .selectFrom('users')
      .selectAll()
      .where('user_type', 'in', ['student', 'regular'])
      .execute();
    const balances = new Map(
      (await db.selectFrom('ledger_balances').select(['user_id', 'balance_paise']).execute()).map(
        (row) => [row.user_id, Number(row.balance_paise)],
      ),
    );
    let owing = 0;
    for (const customer of customers) {
      const statement = await readStatement(db, customer, t.ctx.today(), 'owner');
      const paise = Math.round(statement.balance * 100);
      const sum = statement.entries.reduce(
        (total, entry) => total + Math.round(entry.amount * 100),
        0,
      );
      expect(sum).toBe(paise);
      expect(Math.round((statement.entries.at(-1)?.balance ?? 0) * 100)).toBe(paise);
      expect(balances.get(customer.id) ?? 0).toBe(paise);
      if (paise > 0) owing += 1;
    }
    expect(owing).toBeGreaterThan(20);
  });

  it('the dues list answers each filter with the right accounts, counted and in order', async () => {
    const today = t.ctx.today();
    const overdueFrom = addDays(today, -OVERDUE_AFTER_DAYS);
    const rows = await t.ctx.db.kysely
      .selectFrom('ledger_balances')
      .innerJoin('users', 'users.id', 'ledger_balances.user_id')
      .select([
        'ledger_balances.user_id',
        'ledger_balances.balance_paise',
        'ledger_balances.due_since',
        'users.username',
      ])
      .execute();
    const owing = rows
      .filter((row) => Number(row.balance_paise) > 0)
      .sort((a, b) => a.due_since!.localeCompare(b.due_since!) || a.user_id - b.user_id);
    const expected: [string, typeof rows][] = [
      ['', owing],
      ['status=due', owing.filter((row) => row.due_since! >= overdueFrom)],
      ['status=overdue', owing.filter((row) => row.due_since! < overdueFrom)],
      [
        'age=16_30',
        owing.filter(
          (row) => row.due_since! >= addDays(today, -30) && row.due_since! <= addDays(today, -16),
        ),
      ],
      [
        'status=in_credit',
        rows
          .filter((row) => Number(row.balance_paise) < 0)
          .sort(
            (a, b) => Number(a.balance_paise) - Number(b.balance_paise) || a.user_id - b.user_id,
          ),
      ],
    ];
    // A username's middle: the search finds it among the owing.
    const someone = owing[Math.floor(owing.length / 2)]!.username;
    expected.push([
      `search=${someone}`,
      owing.filter((row) => row.username.toLowerCase().includes(someone.toLowerCase())),
    ]);
    for (const [filter, accounts] of expected) {
      // Two pages of 20 and the rest, as the owner's screen pages them.
      const seen: number[] = [];
      for (let offset = 0; offset < Math.max(accounts.length, 1); offset += 20) {
        const answer = await t.request(
          'GET',
          `/api/owner/dues/?${filter}&limit=20&offset=${offset}`,
          { token: owner },
        );
        expect(answer.status).toBe(200);
        expect(answer.headers['x-total-count'], filter).toBe(String(accounts.length));
        seen.push(...answer.body.map((row: { customer: { id: number } }) => row.customer.id));
      }
      expect(seen, filter).toEqual(accounts.map((row) => row.user_id));
    }
  });
});
