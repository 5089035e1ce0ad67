// The owner's session on disk: server URL and tokens in a 0600 file under the user's config directory.
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const DEFAULT_URL = 'http://localhost:8000';

export interface StoredSession {
  readonly url: string;
  readonly access: string | null;
  readonly refresh: string | null;
  readonly username?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

function configDir(env: Env): string {
  if (env.DABBA_CONFIG_DIR) return env.DABBA_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(base, 'dabba');
}

function sessionFile(env: Env): string {
  return path.join(configDir(env), 'session.json');
}

export function readSession(env: Env): StoredSession | null {
  let text: string;
  try {
    text = readFileSync(sessionFile(env), 'utf8');
  } catch {
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<StoredSession>;
    if (typeof value.url !== 'string') return null;
    return {
      url: value.url,
      access: typeof value.access === 'string' ? value.access : null,
      refresh: typeof value.refresh === 'string' ? value.refresh : null,
      ...(typeof value.username === 'string' ? { username: value.username } : {}),
    };
  } catch {
    // A damaged file is the same as no session; the next login rewrites it.
    return null;
  }
}

export function writeSession(env: Env, session: StoredSession): void {
  const file = sessionFile(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write then rename, so a crash never leaves half a file; the mode is set before any token lands.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export function removeSession(env: Env): void {
  rmSync(sessionFile(env), { force: true });
}

/** The server to talk to: the one the stored session belongs to, else DABBA_URL, else localhost. */
export function serverUrl(env: Env, stored: StoredSession | null): string {
  return normalizeUrl(stored?.url ?? env.DABBA_URL ?? DEFAULT_URL);
}

export function normalizeUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/api$/, '');
}

const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 15_000;

/**
 * Runs `work` holding the session file's lock, so two dabba processes never spend the same refresh
 * token (the server revokes the whole session when a used refresh token comes back).
 */
export async function withSessionLock<T>(env: Env, work: () => Promise<T>): Promise<T> {
  const lock = `${sessionFile(env)}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      } catch {
        // Released meanwhile.
      }
      if (Date.now() > deadline) throw new Error(`The session file is locked (${lock}).`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
