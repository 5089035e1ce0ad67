// The built server (dist/server.mjs) as a separate process, the way it runs in production.
import { execFile, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist/server.mjs');

/**
 * Builds the server bundle (and the demo's) from the source as it is. The suite's global setup
 * builds it once before any test file runs; files that start the built server call this, which
 * then has nothing to do. Builds in parallel files would rewrite dist/server.mjs while another file
 * starts it, and that file would find no server.
 */
export async function buildServerBundle(): Promise<void> {
  if (process.env.DABBA_SERVER_BUNDLE_BUILT === '1' && existsSync(SERVER_BUNDLE)) return;
  await promisify(execFile)('npm', ['run', '--silent', 'build:server'], { cwd: ROOT });
}

/** A port nobody listens on (the server's stdout may be unreadable, so it cannot tell us its own). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stderr (and stdout, when it is a pipe) so far. */
  stderr(): string;
  stdout(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export function startServer(options: {
  env: Record<string, string>;
  /** stdout: a pipe by default; a file descriptor (e.g. of /dev/full) or a stream to send the log there. */
  stdout?: number | 'pipe' | Writable;
  /** The command to run instead of plain `node dist/server.mjs`, e.g. wrapped in setpriv. */
  command?: (node: string[]) => string[];
}): ServerProcess {
  const node = [process.execPath, '--enable-source-maps', SERVER_BUNDLE];
  const [file, ...args] = options.command ? options.command(node) : node;
  const stdio: StdioOptions = ['ignore', options.stdout ?? 'pipe', 'pipe'];
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...options.env },
    stdio,
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    url: `http://127.0.0.1:${options.env.PORT ?? '8000'}`,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
  };
}

export interface Timed<T> {
  ms: number;
  value: T;
}

export async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export interface JsonAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** One HTTP call that gives up after `timeoutMs` (a hung server must fail the test, not stall it). */
export async function call(
  url: string,
  options: { method?: string; body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body, headers: response.headers };
}

/** Polls GET /api/health/ until it answers (any status), or throws with what the process said. */
export async function waitUntilListening(
  server: ServerProcess,
  timeoutMs = 30_000,
): Promise<JsonAnswer> {
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | null = null;
  void server.exited.then((code) => (ended = code));
  while (Date.now() < deadline) {
    if (ended !== null) {
      throw new Error(`the server exited (${ended}) before listening: ${server.stderr()}`);
    }
    try {
      return await call(`${server.url}/api/health/`, { timeoutMs: 2000 });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(
    `the server did not answer /api/health/ within ${timeoutMs} ms; stderr: ${server.stderr()}`,
  );
}
