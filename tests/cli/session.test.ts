// dabba login / whoami / logout, the session file, refresh after a 401, and the exit codes.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../helpers/accounts.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba session commands', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const sessionPath = () => path.join(server.configDir, 'session.json');

  it('fails with exit 3 and says to log in when there is no session', async () => {
    const result = await dabba(server, ['whoami']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('You are not logged in.');
    expect(result.stderr).toContain('dabba login');
  });

  it('never prompts without a terminal: login without flags is a usage error', async () => {
    const result = await dabba(server, ['login', '--url', server.url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--password-stdin');
  });

  it('refuses a wrong password with the spec message and exit 3', async () => {
    const result = await dabba(
      server,
      ['login', '--url', server.url, '--username', 'owner', '--password-stdin'],
      { stdin: 'wrong-password\n' },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Login failed');
  });

  it('logs in, stores the tokens in a 0600 file, and whoami answers', async () => {
    await loginAsOwner(server);
    const stored = JSON.parse(readFileSync(sessionPath(), 'utf8'));
    expect(stored.url).toBe(server.url);
    expect(typeof stored.access).toBe('string');
    expect(typeof stored.refresh).toBe('string');
    expect(statSync(sessionPath()).mode & 0o777).toBe(0o600);

    const who = await dabba(server, ['whoami']);
    expect(who.code).toBe(0);
    expect(who.stdout).toMatch(/^owner .*mess owner, at http:\/\/127\.0\.0\.1:\d+/);
    const json = await dabba(server, ['whoami', '--json']);
    expect(json.json()).toMatchObject({
      username: 'owner',
      user_type: 'mess_owner',
      server: server.url,
    });
  });

  it('with a terminal, asks for the username and the password without echoing it', async () => {
    const result = await dabba(server, ['login', '--url', server.url], {
      isTTY: true,
      stdin: 'owner\nowner-password-1\n',
    });
    expect(result.stderr).toContain('Password: ');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Username or e-mail: ');
    expect(result.stderr).toContain('Password: ');
    expect(result.stderr).not.toContain('owner-password-1');
    expect(result.stdout).toBe(`Logged in to ${server.url} as owner.\n`);
  });

  describe('login --phone', () => {
    const ownerPhone = async () =>
      (
        await server.t.ctx.db.kysely
          .selectFrom('users')
          .select('phone')
          .where('username', '=', 'owner')
          .executeTakeFirstOrThrow()
      ).phone;
    const signInTexts = (phone: string) =>
      server.t.smsOutbox().filter((sms) => sms.to === phone && /sign-in code/.test(sms.body));

    /** Runs `dabba login --phone` on a terminal and types `answer(code)` once the SMS is there. */
    async function phoneLogin(answer: (code: string) => string) {
      const phone = await ownerPhone();
      const before = signInTexts(phone).length;
      const typing = new PassThrough();
      const running = dabba(server, ['login', '--url', server.url, '--phone', phone.slice(3)], {
        isTTY: true,
        stdin: typing,
      });
      await expect.poll(() => signInTexts(phone).length, { timeout: 10_000 }).toBe(before + 1);
      const code = /(\d{6})/.exec(signInTexts(phone).at(-1)!.body)![1]!;
      typing.end(`${answer(code)}\n`);
      return running;
    }

    it('texts a code, asks for it and signs the owner in', async () => {
      rmSync(sessionPath(), { force: true });
      server.t.clock.advance(61_000);
      const result = await phoneLogin((code) => code);
      expect(result.stderr).toContain(
        'If an account uses this phone number, a sign-in code has been sent to it.',
      );
      expect(result.stderr).toContain('Code from the SMS: ');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`Logged in to ${server.url} as owner.\n`);
      const who = await dabba(server, ['whoami', '--json']);
      expect(who.json()).toMatchObject({ username: 'owner', user_type: 'mess_owner' });
    });

    it("refuses a wrong code with the server's message and exit 3", async () => {
      server.t.clock.advance(61_000);
      const result = await phoneLogin((code) => (code === '000000' ? '111111' : '000000'));
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('Login failed: Invalid OTP. Please try again.');
    });

    it('needs a terminal and a valid phone, and texts nothing otherwise', async () => {
      const phone = await ownerPhone();
      const before = signInTexts(phone).length;
      server.t.clock.advance(61_000);
      const piped = await dabba(server, ['login', '--url', server.url, '--phone', phone]);
      expect(piped.code).toBe(2);
      expect(piped.stderr).toContain('needs a terminal');
      const malformed = await dabba(server, ['login', '--url', server.url, '--phone', '12345'], {
        isTTY: true,
      });
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toContain('Phone number must be exactly 10 digits');
      const mixed = await dabba(
        server,
        ['login', '--url', server.url, '--phone', phone, '--username', 'owner'],
        { isTTY: true },
      );
      expect(mixed.code).toBe(2);
      await server.t.settle();
      expect(signInTexts(phone)).toHaveLength(before);
    });
  });

  it('refreshes once after a 401 and retries, storing the rotated tokens', async () => {
    await loginAsOwner(server);
    const before = JSON.parse(readFileSync(sessionPath(), 'utf8'));
    // The server's clock moves past the access token's 15 minutes; the CLI's clock does not.
    server.t.clock.advance(16 * 60 * 1000);
    try {
      const who = await dabba(server, ['whoami', '--json']);
      expect(who.code).toBe(0);
      expect(who.json().username).toBe('owner');
      const after = JSON.parse(readFileSync(sessionPath(), 'utf8'));
      expect(after.access).not.toBe(before.access);
      expect(after.refresh).not.toBe(before.refresh);
    } finally {
      server.t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('two dabba runs refreshing at once share one refresh instead of revoking the session', async () => {
    await loginAsOwner(server);
    server.t.clock.advance(16 * 60 * 1000);
    try {
      const runs = await Promise.all([
        dabba(server, ['whoami', '--json']),
        dabba(server, ['whoami', '--json']),
        dabba(server, ['leaves', 'list', '--json']),
      ]);
      expect(runs.map((run) => run.code)).toEqual([0, 0, 0]);
      expect((await dabba(server, ['whoami'])).code).toBe(0);
    } finally {
      server.t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('gives exit 3 when the refresh fails, and clears the tokens', async () => {
    await loginAsOwner(server);
    const stored = JSON.parse(readFileSync(sessionPath(), 'utf8'));
    writeFileSync(
      sessionPath(),
      JSON.stringify({ ...stored, access: 'not-a-token', refresh: 'revoked' }),
    );
    const result = await dabba(server, ['leaves', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/session has expired/i);
    expect(result.stderr).toContain('dabba login');
    const cleared = JSON.parse(readFileSync(sessionPath(), 'utf8'));
    expect(cleared.access).toBeNull();
    expect(cleared.refresh).toBeNull();
  });

  it('logout revokes the session on the server and forgets it', async () => {
    await loginAsOwner(server);
    const stored = JSON.parse(readFileSync(sessionPath(), 'utf8'));
    const out = await dabba(server, ['logout']);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('Logged out.\n');
    const refreshed = await server.t.request('POST', '/api/accounts/token/refresh/', {
      body: { refresh: stored.refresh },
    });
    expect(refreshed.status).toBe(401);
    expect((await dabba(server, ['whoami'])).code).toBe(3);
    expect((await dabba(server, ['logout'])).stdout).toBe('You were not logged in.\n');
  });

  it('refuses a customer account: dabba is for the owner', async () => {
    const customer = await registerCustomer(server.t);
    const result = await dabba(
      server,
      ['login', '--url', server.url, '--username', customer.username, '--password-stdin'],
      { stdin: customer.password },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('customer account');
    expect((await dabba(server, ['whoami'])).code).toBe(3);
  });

  it('says how to reach the server when nothing listens at the URL', async () => {
    const result = await dabba(
      { configDir: server.configDir },
      ['login', '--url', 'http://127.0.0.1:9', '--username', 'owner', '--password-stdin'],
      { stdin: 'x' },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Could not reach the Dabba server at http://127.0.0.1:9');
  });
});
