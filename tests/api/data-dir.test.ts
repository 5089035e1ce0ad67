// A DATA_DIR the server cannot write to: the built server, started as an unprivileged user (root
// passes every permission check) or on a read-only mount, exits with code 1 and one sentence that
// names the path and the fix, never a stack trace.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { asNobody, mountSmallDisk, NOBODY, type SmallDisk } from '../helpers/filesystems.js';
import { buildServerBundle, freePort, startServer } from '../helpers/server-process.js';

async function start(dataDir: string, options: { asNobody: boolean }) {
  const server = startServer({
    env: { PORT: String(await freePort()), DATA_DIR: dataDir, OWNER_PASSWORD: 'owner-password-1' },
    ...(options.asNobody ? { command: asNobody } : {}),
  });
  const code = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
  ]);
  if (code === 'still running') server.child.kill('SIGKILL');
  return { code, stderr: server.stderr().trim(), stdout: server.stdout() };
}

function expectOneSentence(stderr: string, ...mentions: string[]) {
  expect(stderr.split('\n'), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\bat .*\(|node:internal|Error:/);
  for (const mention of mentions) expect(stderr).toContain(mention);
}

describe('a DATA_DIR the server cannot write to', () => {
  let root: string;
  let readOnly: SmallDisk;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dabba-datadir-'));
    // nobody may look inside, but not write.
    chmodSync(root, 0o755);
    readOnly = mountSmallDisk(8);
    await buildServerBundle();
  }, 120_000);
  afterAll(() => {
    readOnly?.unmount();
    rmSync(root, { recursive: true, force: true });
  });

  it('exits with one sentence when DATA_DIR cannot be created', async () => {
    const dataDir = path.join(root, 'missing', 'data');
    const result = await start(dataDir, { asNobody: true });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot create its data directory ${dataDir} (EACCES).`,
      'set DATA_DIR to a writable folder',
    );
  });

  it('exits with one sentence when DATA_DIR exists but is not writable', async () => {
    const dataDir = path.join(root, 'not-writable');
    mkdirSync(dataDir, { mode: 0o755 });
    const result = await start(dataDir, { asNobody: true });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot write to its data directory ${dataDir} (EACCES). Give the user running Dabba write access to it, or set DATA_DIR to a writable folder.`,
    );
  });

  it('exits with one sentence when the database file is read-only', async () => {
    const dataDir = path.join(root, 'read-only-database');
    const built = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, OWNER_PASSWORD: 'owner-password-1' }),
      logger: false,
    });
    await built.app.close();
    execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, dataDir]);
    const database = path.join(dataDir, 'dabba.sqlite');
    chmodSync(database, 0o444);
    const result = await start(dataDir, { asNobody: true });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot write to its database file ${database} (EACCES).`,
      'Give the user running Dabba write access to it',
    );
  });

  it('exits with one sentence when a secret in DATA_DIR belongs to another user', async () => {
    // As after a first start as root: the folder was handed over, the secret it wrote was not.
    const dataDir = path.join(root, 'root-secret');
    mkdirSync(dataDir);
    chownSync(dataDir, NOBODY, NOBODY);
    const secret = path.join(dataDir, 'jwt-secret');
    writeFileSync(secret, 'written by root\n', { mode: 0o600 });
    const result = await start(dataDir, { asNobody: true });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot read or write ${secret} (EACCES). Give the user running Dabba access to it`,
    );
  });

  it('exits with one sentence when DATA_DIR is a file', async () => {
    const dataDir = path.join(root, 'a-file');
    writeFileSync(dataDir, 'not a folder');
    chownSync(dataDir, NOBODY, NOBODY);
    const result = await start(dataDir, { asNobody: true });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot use its data directory ${dataDir}: it is not a folder`,
      'set DATA_DIR to a writable folder',
    );
  });

  it('exits with one sentence when DATA_DIR is on a read-only mount, even for root', async () => {
    const dataDir = path.join(readOnly.dir, 'data');
    mkdirSync(dataDir);
    execFileSync('mount', ['-o', 'remount,ro', readOnly.dir]);
    const result = await start(dataDir, { asNobody: false });
    expect(result.code, result.stderr).toBe(1);
    expectOneSentence(
      result.stderr,
      `Dabba cannot write to its data directory ${dataDir}: it is on a read-only file system (EROFS).`,
    );
  });
});
