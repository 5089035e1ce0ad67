// The built bin, run as a separate process without a terminal: --help speed, exit codes, and the
// issue's done-when scenario as the shell script an owner would write.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelForRefund, requestLeave, subscriber, type Subscriber } from './fixtures.js';
import { startCliServer, type CliServer } from './helpers.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'dist/cli.mjs');

interface Exit {
  code: number;
  stdout: string;
  stderr: string;
}

async function bundle(args: string[], env: Record<string, string>, input?: string): Promise<Exit> {
  const child = run('node', [bin, ...args], {
    cwd: env.DABBA_CONFIG_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: env.DABBA_CONFIG_DIR ?? tmpdir(), ...env },
  });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  // One build for this file; the other CLI tests run the sources in-process.
  await run('npm', ['run', '--silent', 'build:cli'], { cwd: root });
}, 120_000);

describe('the dabba bin', () => {
  const configDir = mkdtempSync(path.join(tmpdir(), 'dabba-bin-'));
  afterAll(() => rmSync(configDir, { recursive: true, force: true }));

  it('answers --help and loads no Ink, React, XState or HTTP code for it', async () => {
    // How fast it answers is a timing, so `npm run bench` holds it (its cli part: 300 ms).
    const result = await bundle(['--help'], { DABBA_CONFIG_DIR: configDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: dabba');
    // What --help loads: the entry and every chunk reachable through static imports.
    const loaded = new Map<string, string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      const text = readFileSync(file, 'utf8');
      loaded.set(file, text);
      for (const match of text.matchAll(/^(?:import|export)[^;]*?from "(\.[^"]+)";/gms)) {
        visit(path.resolve(path.dirname(file), match[1]!));
      }
    };
    visit(bin);
    expect(loaded.size).toBeGreaterThan(1);
    for (const [file, text] of loaded) {
      expect(text, file).not.toMatch(
        /from "(ink|react|@inkjs\/ui|xstate|openapi-fetch)(\/[^"]*)?";/,
      );
    }
    // And the lazy parts really are elsewhere.
    expect([...loaded.values()].join('\n')).toContain('import("./cli-chunks/');
  });

  it('exit codes without a terminal: 2 for usage, 2 for the bare dashboard, 3 without a session', async () => {
    const env = { DABBA_CONFIG_DIR: configDir, DABBA_URL: 'http://127.0.0.1:9' };
    const usage = await bundle(['leaves', 'approve', '--comment', 'x'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--all-pending');
    const bare = await bundle([], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('needs a terminal');
    const unknown = await bundle(['leave', 'list'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('leaves');
    const auth = await bundle(['refunds', 'list'], env);
    expect(auth.code).toBe(3);
    expect(auth.stderr).toContain('dabba login');
    const version = await bundle(['--version'], env);
    expect(version).toMatchObject({ code: 0, stdout: '1.0.0\n' });
  });
});

describe("the owner's day as a shell script (issue 7, done when)", () => {
  let server: CliServer;
  let tiffinLunch: Subscriber;
  let tiffinDinner: Subscriber;
  let messLunch: Subscriber;
  let leaveIds: number[];
  let refundId: number;

  beforeAll(async () => {
    server = await startCliServer();
    const t = server.t;
    tiffinLunch = await subscriber(t, { service: 'tiffin', meals: ['lunch', 'dinner'] });
    tiffinDinner = await subscriber(t, { service: 'tiffin', meals: ['dinner'] });
    messLunch = await subscriber(t, { service: 'mess', meals: ['lunch'] });
    leaveIds = [await requestLeave(t, tiffinLunch, 3, 2), await requestLeave(t, messLunch, 1, 1)];
    refundId = await cancelForRefund(t, await subscriber(t, { service: 'mess' }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs in, approves the pending leaves, pays the refunds and exports the lunch tiffin list', async () => {
    const script = path.join(server.configDir, 'day.sh');
    writeFileSync(
      script,
      `set -euo pipefail
dabba() { node "$DABBA_BIN" "$@"; }
printf '%s\\n' "$OWNER_PASSWORD" | dabba login --url "$SERVER" --username owner --password-stdin
dabba leaves approve --all-pending --yes --comment "Approved, enjoy" --json > leaves.json
dabba refunds approve --all-pending --yes --comment "Cancelled early, refund due" --json > approved.json
dabba refunds mark-paid --all-pending --yes --comment "Paid by bank transfer" --utr UTR20261122 --json > paid.json
dabba export csv --service tiffin --meals lunch -o lunch-tiffin.csv 2> export.log
set +e
dabba leaves approve ${leaveIds[0]} --comment "again" --json > refused.json
echo "refused=$?" > codes.txt
dabba leaves approve --all-pending --comment "no tty" 2> notty.log
echo "notty=$?" >> codes.txt
`,
    );
    const result = await new Promise<Exit>((resolve) => {
      execFile(
        'bash',
        [script],
        {
          cwd: server.configDir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: server.configDir,
            DABBA_BIN: bin,
            DABBA_CONFIG_DIR: server.configDir,
            SERVER: server.url,
            OWNER_PASSWORD: 'owner-password-1',
          },
        },
        (error, stdout, stderr) =>
          resolve({ code: (error as { code?: number } | null)?.code ?? 0, stdout, stderr }),
      );
    });
    expect(result.stderr).not.toMatch(/Bug:/);
    expect(result.code).toBe(0);
    const read = (file: string) => readFileSync(path.join(server.configDir, file), 'utf8');

    const leaves = JSON.parse(read('leaves.json'));
    expect(leaves.map((leave: any) => leave.id).sort()).toEqual([...leaveIds].sort());
    expect(leaves.every((leave: any) => leave.ok && leave.status === 'APPROVED')).toBe(true);

    const paid = JSON.parse(read('paid.json'));
    expect(paid).toEqual([expect.objectContaining({ id: refundId, ok: true, status: 'PAID' })]);
    const refund = await server.t.ctx.db.kysely
      .selectFrom('refunds')
      .select(['status', 'utr'])
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: 'PAID', utr: 'UTR20261122' });

    const csv = read('lunch-tiffin.csv').trimEnd().split('\r\n');
    expect(csv[0]).toBe('Username,Full Name,Phone,Subscription Status');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([tiffinLunch.username]);
    // A phone number cannot run as a formula, so it is written as it is.
    expect(csv[1]).toContain(`,+91${tiffinLunch.phone},`);
    expect(read('export.log')).toMatch(/Fetching users: \d+ of \d+/);
    expect(read('export.log')).toContain('Downloaded 1 records.');
    expect(csv.join('\n')).not.toContain(tiffinDinner.username);

    expect(read('codes.txt')).toBe('refused=1\nnotty=2\n');
    expect(JSON.parse(read('refused.json'))).toEqual([
      expect.objectContaining({ id: leaveIds[0], ok: false, code: 'leave.not_pending' }),
    ]);
    expect(read('notty.log')).toContain('--yes');
  });
});
