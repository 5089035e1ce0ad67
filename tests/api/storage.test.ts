// The embedded database: a second server on the same DATA_DIR refuses to start; data survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { DataDirLockedError } from '../../server/platform/db/index.js';

describe('embedded SQLite storage', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const configFor = (dataDir: string) =>
    loadConfig({ DATA_DIR: dataDir, OWNER_PASSWORD: 'owner-password-1', LOG_LEVEL: 'silent' });

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-lock-'));
    dirs.push(dataDir);
    const first = await buildApp({ config: configFor(dataDir), logger: false });
    try {
      const second = buildApp({ config: configFor(dataDir), logger: false });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/Another Dabba server is already using/);
    } finally {
      await first.app.close();
    }
    // Once the first one is closed, the lock is released.
    const third = await buildApp({ config: configFor(dataDir), logger: false });
    await third.app.close();
  });

  it('refuses a second server process on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-lock-proc-'));
    dirs.push(dataDir);
    const first = await buildApp({ config: configFor(dataDir), logger: false });
    try {
      const { spawnSync } = await import('node:child_process');
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', OWNER_PASSWORD: 'owner-password-1' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.status).toBe(1);
      expect(child.stderr).toContain('Another Dabba server is already using');
    } finally {
      await first.app.close();
    }
  });

  it('keeps committed data across a restart and creates the owner only once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-restart-'));
    dirs.push(dataDir);
    const first = await buildApp({ config: configFor(dataDir), logger: false });
    await first.ctx.db.kysely
      .insertInto('counters')
      .values({ name: 'restart-check', value: 42 })
      .execute();
    await first.app.close();
    const second = await buildApp({ config: configFor(dataDir), logger: false });
    try {
      const row = await second.ctx.db.kysely
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'restart-check')
        .executeTakeFirst();
      expect(row?.value).toBe(42);
      const owners = await second.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('user_type', '=', 'mess_owner')
        .execute();
      expect(owners).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('generates the owner password once, into a 0600 file, when OWNER_PASSWORD is unset', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-owner-'));
    dirs.push(dataDir);
    const { statSync, readFileSync } = await import('node:fs');
    const built = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      const file = path.join(dataDir, 'owner-credentials.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').match(/password: (\S+)/)?.[1];
      expect(password?.length).toBeGreaterThanOrEqual(20);
      const login = await built.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { username: 'owner', password },
      });
      expect(login.statusCode).toBe(200);
      expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } finally {
      await built.app.close();
    }
  });
});
