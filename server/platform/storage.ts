// Storage faults: a full or unwritable disk under DATA_DIR, or a database that cannot write. At start
// they stop the server with one sentence saying what to fix; while running they answer 503 and show
// in GET /api/health/.
import {
  accessSync,
  constants,
  existsSync,
  chmodSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db/index.js';
import { StartupError, storageFault, type StorageFault } from '@server/errors.js';

const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

// ----- at start --------------------------------------------------------------------------------

const FIX = 'or set DATA_DIR to a writable folder.';

/**
 * The sentence a person can act on, for a file-system error on `target` ("its data directory /x",
 * "its database file /x/dabba.sqlite", or a folder inside DATA_DIR).
 */
function dataDirMessage(target: string, error: unknown, action: 'create' | 'write'): string {
  const code = codeOf(error) || 'unknown error';
  const verb = action === 'create' ? 'create' : 'write to';
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return action === 'create'
        ? `Dabba cannot create ${target} (${code}). Create it and give the user running Dabba write access to it, ${FIX}`
        : `Dabba cannot write to ${target} (${code}). Give the user running Dabba write access to it, ${FIX}`;
    case 'EROFS':
      return `Dabba cannot ${verb} ${target}: it is on a read-only file system (EROFS). Mount it read-write, ${FIX}`;
    case 'ENOSPC':
    case 'EDQUOT':
    case 'SQLITE_FULL':
      return `Dabba cannot ${verb} ${target}: the disk is full (${code}). Free some space on it, or set DATA_DIR to a folder on another disk.`;
    case 'EEXIST':
    case 'ENOTDIR':
      return `Dabba cannot use ${target}: it is not a folder, or a file is in its path (${code}). Move that file, ${FIX}`;
    default:
      return `Dabba cannot ${verb} ${target} (${code}). It must be a folder the user running Dabba can write to: fix that, ${FIX}`;
  }
}

/** Root passes every permission check, so only a real write shows a read-only mount or a full disk. */
function probeWrite(dir: string): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, 'ok', { flag: 'w' });
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Creates DATA_DIR and checks that Dabba can write there, before anything else touches it. A full
 * disk is let through: the server can still serve reads, and health reports the fault.
 */
export function prepareDataDir(dataDir: string): void {
  const target = `its data directory ${dataDir}`;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StartupError(dataDirMessage(target, error, 'create'));
  }
  let isFolder: boolean;
  try {
    isFolder = statSync(dataDir).isDirectory();
  } catch (error) {
    throw new StartupError(dataDirMessage(target, error, 'write'));
  }
  if (!isFolder) throw new StartupError(dataDirMessage(target, { code: 'ENOTDIR' }, 'write'));
  try {
    // The database, uploads, outbox and secrets are nobody else's business on this machine.
    chmodSync(dataDir, 0o700);
  } catch {
    // Not our folder (EPERM): whoever set it up chose its mode; the write probe below decides.
  }
  const folders = [dataDir, 'uploads', 'outbox', path.join('outbox', 'mail')]
    .map((folder) => path.resolve(dataDir, folder))
    .filter((folder) => existsSync(folder));
  for (const folder of folders) {
    try {
      probeWrite(folder);
    } catch (error) {
      if (storageFault(error) === 'full') continue;
      throw new StartupError(dataDirMessage(folder === dataDir ? target : folder, error, 'write'));
    }
  }
  for (const name of ['dabba.sqlite', 'dabba.sqlite-wal', 'dabba.sqlite-shm']) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) continue;
    try {
      accessSync(file, constants.W_OK);
    } catch (error) {
      throw new StartupError(dataDirMessage(`its database file ${file}`, error, 'write'));
    }
  }
}

/**
 * A storage error that escaped while the server was starting (opening or migrating the database,
 * writing a secret), as the sentence to print; null when `error` is something else.
 */
export function startupStorageMessage(error: unknown, dataDir: string): string | null {
  const code = codeOf(error);
  const database = path.join(dataDir, 'dabba.sqlite');
  if (code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_READONLY')) {
    return `Dabba cannot write to its database ${database} (${code}). Give the user running Dabba write access to it and to ${dataDir}, ${FIX}`;
  }
  // A file in DATA_DIR the user cannot open, e.g. a secret written by an earlier run as root.
  const file = (error as { path?: unknown } | null)?.path;
  if (
    (code === 'EACCES' || code === 'EPERM') &&
    typeof file === 'string' &&
    file.startsWith(dataDir)
  ) {
    return `Dabba cannot read or write ${file} (${code}). Give the user running Dabba access to it, ${FIX}`;
  }
  // PostgreSQL's own faults (53100 and the like) are about its disk, not DATA_DIR.
  if (!storageFault(error) || !/^(SQLITE_|E)/.test(code)) return null;
  const target = code.startsWith('SQLITE_')
    ? `its database ${database}`
    : `its data directory ${dataDir}`;
  return dataDirMessage(target, error, 'write');
}

// ----- while running ---------------------------------------------------------------------------

/** Less free space than this under DATA_DIR is reported as full: an upload alone can take 5 MB. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** Health is public: one probe per second at most, however often it is asked. */
const REPORT_TTL_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;

interface StorageReport {
  ok: boolean;
  fault: StorageFault | null;
  checks: {
    /** A committed write to the database. */
    database: { ok: boolean; error?: string };
    /** Free space under DATA_DIR (fs.statfs) and a small file written and removed there. */
    data_dir: { ok: boolean; free_bytes: number | null; error?: string };
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'timeout' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function probeDatabase(db: Db): Promise<StorageReport['checks']['database']> {
  try {
    // A commit, so the write really reaches the disk (SQLite keeps a rolled-back write in memory).
    await db.kysely
      .insertInto('counters')
      .values({ name: 'health_probe', value: 1 })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
      )
      .execute();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: codeOf(error) || 'unavailable' };
  }
}

async function probeDataDir(dataDir: string): Promise<StorageReport['checks']['data_dir']> {
  let freeBytes: number | null = null;
  try {
    const stats = await statfs(dataDir);
    freeBytes = stats.bavail * stats.bsize;
    const probe = path.join(dataDir, `.health-${process.pid}`);
    try {
      await writeFile(probe, 'ok');
    } finally {
      await rm(probe, { force: true });
    }
  } catch (error) {
    return { ok: false, free_bytes: freeBytes, error: codeOf(error) || 'unavailable' };
  }
  if (freeBytes < MIN_FREE_BYTES) return { ok: false, free_bytes: freeBytes, error: 'low_space' };
  return { ok: true, free_bytes: freeBytes };
}

async function inspect(
  probeDatabaseOnce: () => Promise<StorageReport['checks']['database']>,
  dataDir: string,
): Promise<StorageReport> {
  const [database, dataDirCheck] = await Promise.all([
    withTimeout(probeDatabaseOnce(), PROBE_TIMEOUT_MS).catch((error: unknown) => ({
      ok: false,
      error: codeOf(error) || 'unavailable',
    })),
    withTimeout(probeDataDir(dataDir), PROBE_TIMEOUT_MS).catch((error: unknown) => ({
      ok: false,
      free_bytes: null,
      error: codeOf(error) || 'unavailable',
    })),
  ]);
  const ok = database.ok && dataDirCheck.ok;
  const full =
    dataDirCheck.error === 'low_space' ||
    [database.error, dataDirCheck.error].some((code) => storageFault({ code }) === 'full');
  return {
    ok,
    fault: ok ? null : full ? 'full' : 'unavailable',
    checks: { database, data_dir: dataDirCheck },
  };
}

export interface StorageMonitor {
  check(): Promise<StorageReport>;
}

export function createStorageMonitor(db: Db, dataDir: string): StorageMonitor {
  let last: { at: number; report: StorageReport } | null = null;
  let running: Promise<StorageReport> | null = null;
  // A database write that hangs past the timeout is still waited for by the next report, so a
  // stuck database cannot pile up probe queries (and take the pool's connections).
  let databaseProbe: Promise<StorageReport['checks']['database']> | null = null;
  const probeDatabaseOnce = () =>
    (databaseProbe ??= probeDatabase(db).finally(() => (databaseProbe = null)));
  return {
    async check() {
      if (last && performance.now() - last.at < REPORT_TTL_MS) return last.report;
      // Concurrent callers share one report.
      running ??= inspect(probeDatabaseOnce, dataDir).finally(() => (running = null));
      const report = await running;
      last = { at: performance.now(), report };
      return report;
    },
  };
}
