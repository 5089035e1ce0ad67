// `dabba backup` against the server as it runs in production, in its own process: a copy taken
// while customers keep writing, restored the documented way (stop, copy the file into a fresh
// DATA_DIR, start) and read back through the API. On PostgreSQL the owner is sent to pg_dump.
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/app.js';
import {
  call,
  freePort,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';
import { dabba, loginAsOwner, startCliServer } from './helpers.js';

const OWNER_PASSWORD = 'owner-password-1';

/** The server from its sources (the bundle may be being rebuilt by another suite), on `dataDir`. */
async function serve(dataDir: string): Promise<ServerProcess> {
  const server = startServer({
    env: {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      OWNER_PASSWORD,
      SCHEDULER: 'off',
      LOG_LEVEL: 'warn',
    },
    command: () => [process.execPath, '--import', 'tsx', 'server/main.ts'],
  });
  await waitUntilListening(server, 60_000);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

async function ownerToken(url: string): Promise<string> {
  const login = await call(`${url}/api/accounts/login/`, {
    method: 'POST',
    body: { username: 'owner', password: OWNER_PASSWORD },
  });
  expect(login.status).toBe(200);
  return login.body.access as string;
}

const createPlan = (url: string, token: string, code: string) =>
  call(`${url}/api/subscriptions/plans/`, {
    method: 'POST',
    token,
    body: {
      code,
      name: `Backup plan ${code}`,
      description: 'Made before the backup.',
      service_type: 'mess',
      duration_days: 30,
      base_price: 2500,
      included_meals: ['lunch', 'dinner'],
      is_active: true,
    },
  });

describe('dabba backup and the documented restore', () => {
  const made: string[] = [];
  const temp = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  let running: ServerProcess | null = null;
  let restored: ServerProcess | null = null;
  afterAll(async () => {
    for (const server of [running, restored]) {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    }
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('copies a running server’s database, which a fresh DATA_DIR then serves', async () => {
    const dataDir = temp('dabba-backup-live-');
    running = await serve(dataDir);
    const token = await ownerToken(running.url);
    expect((await createPlan(running.url, token, 'KEEP-1')).status).toBe(201);

    const cli = { configDir: temp('dabba-backup-cli-'), url: running.url };
    const login = await dabba(
      cli,
      ['login', '--url', running.url, '--username', 'owner', '--password-stdin'],
      { stdin: `${OWNER_PASSWORD}\n` },
    );
    expect(login.code).toBe(0);

    // The copy is taken while the owner keeps changing plans.
    const backups = temp('dabba-backups-');
    const writes = Promise.all(
      Array.from({ length: 10 }, (_, index) => createPlan(running!.url, token, `DURING-${index}`)),
    );
    const saved = await dabba(cli, ['backup', `${backups}/`, '--json']);
    expect((await writes).every((answer) => answer.status === 201)).toBe(true);
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    const { file, bytes } = saved.json<{ file: string; bytes: number }>();
    expect(path.dirname(file)).toBe(backups);
    expect(path.basename(file)).toMatch(/^dabba-\d{4}-\d{2}-\d{2}\.sqlite$/);
    expect(readdirSync(backups)).toEqual([path.basename(file)]);
    expect(bytes).toBeGreaterThan(0);
    // Nothing left behind in the server's DATA_DIR.
    expect(readdirSync(dataDir).filter((name) => name.includes('backup'))).toEqual([]);

    // A whole, sound database, with every table.
    const copy = new Sqlite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const plans = copy.prepare('select code from plans').pluck().all() as string[];
      expect(plans).toContain('KEEP-1');
    } finally {
      copy.close();
    }

    // The same command in words, into a named file.
    const named = await dabba(cli, ['backup', path.join(backups, 'tonight.sqlite')]);
    expect(named.code).toBe(0);
    expect(named.stdout).toMatch(
      new RegExp(`^Backup saved: ${backups}/tonight\\.sqlite \\([\\d.]+ (kB|MB)\\)\\.\\n$`),
    );

    // The audit log says who took it.
    const audit = await call(`${running.url}/api/audit/?action=database.backup`, { token });
    expect(audit.body.map((entry: { actor: string }) => entry.actor)).toEqual(['owner', 'owner']);

    // Restore as docs/operations.md says: stop the server, copy the file into DATA_DIR, start it.
    await stop(running);
    const freshDir = temp('dabba-backup-restored-');
    copyFileSync(file, path.join(freshDir, 'dabba.sqlite'));
    chmodSync(path.join(freshDir, 'dabba.sqlite'), 0o600);
    restored = await serve(freshDir);
    const again = await ownerToken(restored.url);
    const plans = await call(`${restored.url}/api/subscriptions/plans/`, { token: again });
    expect(plans.status).toBe(200);
    const codes = plans.body.map((plan: { code: string }) => plan.code);
    expect(codes).toContain('KEEP-1');
    expect(plans.body.find((plan: { code: string }) => plan.code === 'KEEP-1')).toMatchObject({
      name: 'Backup plan KEEP-1',
      base_price: 2500,
    });
    const health = await call(`${restored.url}/api/health/`);
    expect(health.body.status).toBe('ok');
    await stop(restored);
  }, 180_000);

  it('refuses a file it cannot write before asking the server for anything', async () => {
    const server = await startCliServer();
    try {
      await loginAsOwner(server);
      const missing = path.join(server.configDir, 'no-such-folder', 'dabba.sqlite');
      const refused = await dabba(server, ['backup', missing]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Could not write the backup to ${missing} (ENOENT).`);
      const taken = await server.t.ctx.db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'database.backup')
        .execute();
      expect(taken).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(testDatabases().includes('postgres'))('dabba backup on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof startCliServer>>;
  beforeAll(async () => {
    server = await startCliServer('postgres');
    await loginAsOwner(server);
  });
  afterAll(() => server.close());

  it('refuses, and names pg_dump', async () => {
    const refused = await dabba(server, ['backup', 'dabba.sqlite']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'Error: This server keeps its data in PostgreSQL (DATABASE_URL), not in the embedded database: back it up with pg_dump.',
    );
    expect(refused.stderr).toContain('pg_dump --format=custom --file=dabba.dump "$DATABASE_URL"');
    expect(readdirSync(server.configDir).filter((name) => name.includes('sqlite'))).toEqual([]);
  });
});
