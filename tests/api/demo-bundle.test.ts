// Production carries no demo: the server bundle (dist/server.mjs) leaves the demo seeder out, and a
// `--demo` start (npm run demo) loads the demo's own bundle (dist/demo/demo.js) and seeds from it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  SERVER_BUNDLE,
  buildServerBundle,
  call,
  freePort,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';

const DEMO_BUNDLE = path.join(ROOT, 'dist/demo/demo.js');
/** A plan code only the demo's data holds. */
const DEMO_ONLY = 'MESS-FULL-30';

describe('the demo bundle', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-demo-bundle-'));
  let server: ServerProcess | null = null;
  beforeAll(buildServerBundle, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not in the server bundle, which imports it only by name', () => {
    const bundle = readFileSync(SERVER_BUNDLE, 'utf8');
    expect(bundle).not.toContain(DEMO_ONLY);
    expect(bundle).toContain('import("./demo/demo.js")');
    expect(readFileSync(DEMO_BUNDLE, 'utf8')).toContain(DEMO_ONLY);
  });

  it('seeds a --demo start of the built server', async () => {
    const port = await freePort();
    server = startServer({
      env: { PORT: String(port), DATA_DIR: dataDir, SCHEDULER: 'off' },
      command: (node) => [...node, '--demo'],
    });
    await waitUntilListening(server, 60_000);
    expect(server.stderr()).toContain('student1 / demo-pass-1');
    const login = await call(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: { username: 'student1', password: 'demo-pass-1' },
    });
    expect(login.status).toBe(200);
    const plans = await call(`${server.url}/api/subscriptions/plans/`);
    expect(plans.body.map((plan: { code: string }) => plan.code)).toContain(DEMO_ONLY);
  });
});
