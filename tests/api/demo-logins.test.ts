// A `--demo` start (npm run demo) prints the demo logins as plain text before its JSON log, and
// they work: the owner's password in the credentials file it names, the two customers', and one
// staff account of each role.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  freePort,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';

describe('npm run demo', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-demo-'));
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the demo logins plainly at start, and they log in', async () => {
    const port = await freePort();
    server = startServer({
      env: { PORT: String(port), DATA_DIR: dataDir, SCHEDULER: 'off', LOG_LEVEL: 'info' },
      // From the sources: the bundle may be being rebuilt by another suite.
      command: () => [process.execPath, '--import', 'tsx', 'server/main.ts', '--demo'],
    });
    await waitUntilListening(server, 60_000);
    const url = `http://localhost:${port}`;
    const credentials = path.join(dataDir, 'owner-credentials.txt');
    // stderr carries nothing else, so the block is all of it: the first thing printed.
    expect(server.stderr()).toBe(
      [
        `Demo logins, at ${url} (or \`dabba login --url ${url}\`):`,
        `  owner     owner (password in ${credentials})`,
        '  student   student1 / demo-pass-1',
        '  regular   regular1 / demo-pass-1',
        '  manager   manager1 / demo-pass-1',
        '  kitchen   kitchen1 / demo-pass-1',
        '  delivery  rider1 / demo-pass-1',
        '',
      ].join('\n'),
    );
    // The JSON log on stdout does not repeat it as plain text.
    for (const line of server.stdout().trim().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();

    const password = /^password: (.+)$/m.exec(readFileSync(credentials, 'utf8'))?.[1];
    const logins = [
      ['owner', password],
      ['student1', 'demo-pass-1'],
      ['regular1', 'demo-pass-1'],
      ['manager1', 'demo-pass-1'],
      ['kitchen1', 'demo-pass-1'],
      ['rider1', 'demo-pass-1'],
    ];
    for (const [username, secret] of logins) {
      const login = await call(`${server.url}/api/accounts/login/`, {
        method: 'POST',
        body: { username, password: secret },
      });
      expect(login.status, username).toBe(200);
    }
    // The rider has the demo's routes to ride: Campus has today's lunch stops on it.
    const rider = await call(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: { username: 'rider1', password: 'demo-pass-1' },
    });
    const token = (rider.body as { access: string }).access;
    const routes = await call(`${server.url}/api/delivery/routes/`, { token });
    const names = (routes.body as { id: number; name: string }[]).map((route) => route.name);
    expect(names).toEqual(['Campus', 'Town']);
    const campus = (routes.body as { id: number; name: string }[])[0]!.id;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const sheet = await call(
      `${server.url}/api/delivery/run/?route=${campus}&date=${today}&meal=lunch`,
      { token },
    );
    expect(sheet.status).toBe(200);
    expect((sheet.body as { stops: unknown[] }).stops.length).toBeGreaterThan(0);
    // The demo's receipts print an FSSAI licence number, as a real mess's must.
    const business = await call(`${server.url}/api/business/`);
    expect((business.body as { fssai: string | null }).fssai).toBe('20926999000123');
  }, 90_000);
});
