// What the hot reads keep in memory (issue 35), and that they never answer from it after a change.
// On SQLite the session's user row and the plans' read version are kept while nothing has been
// written to the database (server/platform/db/unwritten.ts): the database is opened exclusively, so
// every write goes through the one connection that counts them. Each change that must take effect
// at the next request (a logout, a password change, a deactivated staff member, a role change, an
// erasure, a hand-run UPDATE) is made after the session was answered from memory, and the very next
// request must see it. On PostgreSQL, which other instances write too, nothing is kept: every
// request reads, and the batched session query goes as one named statement.
import Sqlite from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/platform/db/index.js';
import { readUnwritten } from '../../server/platform/db/unwritten.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { addStaff } from '../helpers/staff.js';

const PROFILE = '/api/accounts/profile/';
const STAFF = '/api/owner/staff/';

describe('readUnwritten', () => {
  const database = () => {
    let writes = 0;
    const db = { writes: () => writes } as unknown as Db;
    return { db, write: () => (writes += 1) };
  };
  const counting = () => {
    let loads = 0;
    return { load: async () => `read ${++loads}`, loads: () => loads };
  };

  it('answers from memory while nothing is written, and reads again after any write', async () => {
    const { db, write } = database();
    const read = readUnwritten<string, string>(db, 10);
    const source = counting();
    expect(await read('a', source.load)).toBe('read 1');
    expect(await read('a', source.load)).toBe('read 1');
    expect(source.loads()).toBe(1);
    write();
    expect(await read('a', source.load)).toBe('read 2');
    expect(await read('a', source.load)).toBe('read 2');
  });

  it('does not keep what was read while a write happened', async () => {
    const { db, write } = database();
    const read = readUnwritten<string, string>(db, 10);
    const during = await read('a', async () => {
      write();
      return 'maybe before the write';
    });
    expect(during).toBe('maybe before the write');
    expect(await read('a', async () => 'after')).toBe('after');
  });

  it('keeps at most its capacity', async () => {
    const { db } = database();
    const read = readUnwritten<number, string>(db, 2);
    const source = counting();
    for (const key of [1, 2, 3]) await read(key, source.load);
    await read(3, source.load);
    await read(2, source.load);
    expect(source.loads()).toBe(3);
    await read(1, source.load);
    expect(source.loads()).toBe(4);
  });

  it('keeps nothing on a database without a count of writes (PostgreSQL)', async () => {
    const read = readUnwritten<string, string>({} as Db, 10);
    const source = counting();
    await read('a', source.load);
    expect(await read('a', source.load)).toBe('read 2');
  });
});

describe('the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('is opened exclusively: no other connection can read or write it while the server runs', () => {
    const other = new Sqlite(path.join(t.dataDir, 'dabba.sqlite'), { timeout: 0 });
    try {
      expect(() => other.prepare('select count(*) from users').get()).toThrow(/locked|busy/i);
      expect(() => other.prepare('update users set is_active = 0').run()).toThrow(/locked|busy/i);
    } finally {
      other.close();
    }
  });

  it('counts every statement that may write, and no read', async () => {
    const db = t.ctx.db.kysely;
    const writes = t.ctx.db.writes!;
    const moves = async (work: () => Promise<unknown>) => {
      const before = writes();
      await work();
      return writes() - before;
    };
    expect(await moves(() => db.selectFrom('users').selectAll().execute())).toBe(0);
    expect(await moves(() => sql`select count(*) from plans`.execute(db))).toBe(0);
    expect(
      await moves(() =>
        db.updateTable('read_versions').set({ version: 7 }).where('name', '=', 'nothing').execute(),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moves(() =>
        db
          .updateTable('users')
          .set({ last_login: null })
          .where('id', '=', -1)
          .returning('id')
          .execute(),
      ),
    ).toBeGreaterThan(0);
    expect(
      await moves(() => sql`update users set last_login = null where id = -1`.execute(db)),
    ).toBeGreaterThan(0);
    expect(
      await moves(() =>
        db
          .transaction()
          .execute((trx) => trx.deleteFrom('sessions').where('id', '=', 'none').execute()),
      ),
    ).toBeGreaterThan(0);
  });
});

describe.each(testDatabases())('the session lookup on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let sessionQueries = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    const db = t.ctx.db.kysely;
    const executeQuery = db.executeQuery.bind(db);
    // Counts the lookups that reach the database (the session lookup's query joins the two).
    vi.spyOn(db, 'executeQuery').mockImplementation(((query: CompiledQuery) => {
      if (/from "sessions" inner join "users"/.test(query.sql)) sessionQueries += 1;
      return executeQuery(query);
    }) as typeof db.executeQuery);
  });
  afterAll(() => t?.close());

  const get = (route: string, token: string) => t.request('GET', route, { token });
  /** Asks twice; on SQLite the second is answered without reading the session. */
  const answeredFromMemory = async (route: string, token: string, status = 200) => {
    expect((await get(route, token)).status).toBe(status);
    const before = sessionQueries;
    expect((await get(route, token)).status).toBe(status);
    expect(sessionQueries - before).toBe(dialect === 'sqlite' ? 0 : 1);
  };

  it('answers a repeated request without reading the session only on SQLite', async () => {
    const customer = await registerCustomer(t);
    await answeredFromMemory(PROFILE, customer.access);
    await answeredFromMemory('/api/subscriptions/plans/', customer.access);
  });

  it('a logout takes effect at the next request', async () => {
    const customer = await registerCustomer(t);
    await answeredFromMemory(PROFILE, customer.access);
    const out = await t.request('POST', '/api/accounts/logout/', {
      token: customer.access,
      body: {},
    });
    expect(out.status).toBe(204);
    expect((await get(PROFILE, customer.access)).status).toBe(401);
  });

  it("a password change ends the other sessions at their next request, and keeps the caller's", async () => {
    const customer = await registerCustomer(t);
    const other = await t.request('POST', '/api/accounts/login/', {
      body: { username: customer.username, password: customer.password },
    });
    expect(other.status).toBe(200);
    await answeredFromMemory(PROFILE, other.body.access);
    await answeredFromMemory(PROFILE, customer.access);
    const changed = await t.request('POST', '/api/accounts/change-password/', {
      token: customer.access,
      body: {
        old_password: customer.password,
        new_password: 'another-pass-2',
        confirm_password: 'another-pass-2',
      },
    });
    expect(changed.status).toBe(200);
    expect((await get(PROFILE, other.body.access)).status).toBe(401);
    expect((await get(PROFILE, customer.access)).status).toBe(200);
  });

  it('a deactivated staff member is refused at the next request', async () => {
    const member = await addStaff(t, owner, 'manager');
    await answeredFromMemory(PROFILE, member.access);
    const off = await t.request('POST', `${STAFF}${member.id}/deactivate/`, { token: owner });
    expect(off.status).toBe(200);
    expect((await get(PROFILE, member.access)).status).toBe(401);
  });

  it('a role change applies at the next request', async () => {
    const member = await addStaff(t, owner, 'kitchen');
    const PENDING = '/api/subscriptions/leaves/pending/';
    await answeredFromMemory(PENDING, member.access, 403);
    const promoted = await t.request('PATCH', `${STAFF}${member.id}/`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(promoted.status).toBe(200);
    await answeredFromMemory(PENDING, member.access, 200);
    const demoted = await t.request('PATCH', `${STAFF}${member.id}/`, {
      token: owner,
      body: { role: 'delivery' },
    });
    expect(demoted.status).toBe(200);
    expect((await get(PENDING, member.access)).status).toBe(403);
  });

  it('an erased customer is refused at the next request', async () => {
    const customer: Customer = await registerCustomer(t);
    await answeredFromMemory(PROFILE, customer.access);
    const asked = await t.request('POST', '/api/accounts/erasure-request/', {
      token: customer.access,
      body: { password: customer.password },
    });
    expect(asked.status).toBe(201);
    await answeredFromMemory(PROFILE, customer.access);
    const done = await t.request(
      'POST',
      `/api/owner/erasure-requests/${asked.body.request.id}/complete/`,
      { token: owner },
    );
    expect(done.status).toBe(200);
    expect((await get(PROFILE, customer.access)).status).toBe(401);
  });

  it('a hand-run UPDATE of the user or the session is seen at the next request', async () => {
    const customer = await registerCustomer(t);
    await answeredFromMemory(PROFILE, customer.access);
    const db = t.ctx.db.kysely;
    await db
      .updateTable('users')
      .set({ first_name: 'Renamed' })
      .where('id', '=', customer.id)
      .execute();
    expect((await get(PROFILE, customer.access)).body.first_name).toBe('Renamed');
    await answeredFromMemory(PROFILE, customer.access);
    await sql`update sessions set revoked_at = ${new Date().toISOString()} where user_id = ${customer.id}`.execute(
      db,
    );
    expect((await get(PROFILE, customer.access)).status).toBe(401);
  });
});

describe.each(testDatabases().filter((dialect) => dialect === 'postgres'))(
  'named statements on %s',
  (dialect) => {
    let t: TestApp;
    const named: { name: string; text: string }[] = [];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const query = pg.Client.prototype.query;
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const config = args[0] as { name?: string; text?: string };
        if (typeof config === 'object' && config?.name && config.text)
          named.push({ name: config.name, text: config.text });
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query);
    });
    afterEach(() => void (named.length = 0));
    afterAll(async () => {
      vi.restoreAllMocks();
      await t?.close();
    });

    it('the session lookup and the plans version go as one named statement each, whatever the batch', async () => {
      const customers = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(t)));
      named.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => [
          t.request('GET', PROFILE, { token: customers[index % customers.length]!.access }),
          t.request('GET', '/api/subscriptions/plans/'),
        ]).flat(),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const sessions = named.filter((call) => call.text.includes('from "sessions"'));
      const versions = named.filter((call) => call.text.includes('from "read_versions"'));
      expect(sessions.length).toBeGreaterThan(0);
      expect(versions.length).toBeGreaterThan(0);
      expect(new Set(sessions.map((call) => call.text)).size).toBe(1);
      expect(new Set(sessions.map((call) => call.name)).size).toBe(1);
      expect(new Set(versions.map((call) => call.name)).size).toBe(1);
      expect(sessions[0]!.text).toContain('= any($1)');
    });
  },
);
