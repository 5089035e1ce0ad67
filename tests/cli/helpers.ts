// Runs the dabba CLI in-process against a real server listening on a random port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { run } from '../../cli/run.js';
import { createTestApp, type Dialect, type TestApp } from '../helpers/app.js';

export interface CliServer {
  t: TestApp;
  url: string;
  /** A fresh config directory per test file: the session file lives here. */
  configDir: string;
  close(): Promise<void>;
}

export async function startCliServer(dialect: Dialect = 'sqlite'): Promise<CliServer> {
  const t = await createTestApp(dialect);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const configDir = mkdtempSync(path.join(tmpdir(), 'dabba-cli-'));
  return {
    t,
    url: address,
    configDir,
    async close() {
      await t.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON. */
  json<T = any>(): T;
}

export async function dabba(
  server: Pick<CliServer, 'configDir'> & { url?: string; t?: Pick<TestApp, 'clock'> },
  argv: string[],
  options: {
    /** What is typed; a stream lets a test type once it has read something (an SMS code). */
    stdin?: string | Readable;
    isTTY?: boolean;
    env?: Record<string, string>;
    cwd?: string;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const clock = server.t?.clock;
  const code = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin:
      options.stdin instanceof Readable
        ? options.stdin
        : Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    isTTY: options.isTTY ?? false,
    env: {
      DABBA_CONFIG_DIR: server.configDir,
      ...(server.url ? { DABBA_URL: server.url } : {}),
      ...options.env,
    },
    cwd: options.cwd ?? server.configDir,
    // The CLI's "today" is the test server's, whatever hour the suite runs at.
    ...(clock ? { now: () => clock.now() } : {}),
  });
  return {
    code,
    stdout,
    stderr,
    json() {
      try {
        return JSON.parse(stdout);
      } catch {
        throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\nstderr:\n${stderr}`);
      }
    },
  };
}

/** Logs the CLI in as the test app's owner. */
export async function loginAsOwner(server: CliServer): Promise<void> {
  const result = await dabba(
    server,
    ['login', '--url', server.url, '--username', 'owner', '--password-stdin'],
    {
      stdin: 'owner-password-1\n',
    },
  );
  if (result.code !== 0) throw new Error(`login failed: ${result.stderr}`);
}
