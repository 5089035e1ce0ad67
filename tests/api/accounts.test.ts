// Accounts and sessions over HTTP, on every database this run covers.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { startSession } from '../../server/resources/auth/sessions.js';
import { lastOtp, loginOwner, registerCustomer, uniquePhone } from '../helpers/accounts.js';
import { heldMailer, type HeldMailer } from '../helpers/mail.js';
import { insertSubscription } from '../helpers/fixtures.js';
import { allJobs } from '../../server/registry.js';
import { runJobIfDue } from '../../server/services/scheduler.js';

describe.each(testDatabases())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const registration = (overrides: Record<string, unknown> = {}) => {
    const phone = uniquePhone();
    return {
      username: `u${phone}`,
      email: `u${phone}@example.com`,
      phone: `+91${phone}`,
      password: 'tiffin7',
      confirm_password: 'tiffin7',
      user_type: 'student',
      first_name: 'Asha',
      last_name: 'Verma',
      ...overrides,
    };
  };

  describe('register', () => {
    it('creates an unverified user and sends an OTP by SMS', async () => {
      const body = registration();
      const answer = await t.request('POST', '/api/accounts/register/', { body });
      expect(answer.status).toBe(201);
      expect(answer.body.user).toMatchObject({
        username: body.username,
        status: 'unverified',
        user_type: 'student',
      });
      expect(answer.body.user).not.toHaveProperty('password_hash');
      expect(lastOtp(t, body.phone)).toMatch(/^\d{6}$/);
    });

    it('applies the registration messages', async () => {
      const answer = await t.request('POST', '/api/accounts/register/', {
        body: registration({ username: 'ab', email: 'not-an-email' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.username).toContain('Username must be at least 3 characters');
      expect(answer.body.email).toContain('Please enter a valid email address');
      const rules = await t.request('POST', '/api/accounts/register/', {
        body: registration({ phone: '12345', confirm_password: 'other1' }),
      });
      expect(rules.body.phone).toContain('Phone number must be exactly 10 digits');
      expect(rules.body.confirm_password).toContain('Passwords do not match');
      const blank = await t.request('POST', '/api/accounts/register/', {
        body: registration({ confirm_password: '' }),
      });
      expect(blank.body.confirm_password).toContain('Please confirm your password');
    });

    it('refuses a phone that starts with 0-5 and a short password', async () => {
      const answer = await t.request('POST', '/api/accounts/register/', {
        body: registration({ phone: '5123456789' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.phone).toContain('Phone number must start with 6, 7, 8, or 9');
      const short = await t.request('POST', '/api/accounts/register/', {
        body: registration({ password: 'abc', confirm_password: 'abc' }),
      });
      expect(short.body.password).toContain('Password must be at least 6 characters');
    });

    it('refuses the most common passwords, whatever their case, under the password field', async () => {
      for (const password of ['password1', 'QWERTY', 'IloveYou', ' sunshine ']) {
        const answer = await t.request('POST', '/api/accounts/register/', {
          body: registration({ password, confirm_password: password }),
        });
        expect({ password, status: answer.status, field: answer.body.password }).toEqual({
          password,
          status: 400,
          field: ['This password is too common. Choose a less common one.'],
        });
      }
      // Too short still says so (the spec's 6-character minimum), and nothing more.
      const short = await t.request('POST', '/api/accounts/register/', {
        body: registration({ password: '12345', confirm_password: '12345' }),
      });
      expect(short.body.password).toEqual(['Password must be at least 6 characters']);
      const fine = await t.request('POST', '/api/accounts/register/', {
        body: registration({ password: 'Kadai-paneer-7', confirm_password: 'Kadai-paneer-7' }),
      });
      expect(fine.status).toBe(201);
    });

    it('normalises 91-prefixed numbers and keeps usernames and e-mails unique case-insensitively', async () => {
      const first = registration();
      const digits = first.phone.slice(3);
      expect(
        (
          await t.request('POST', '/api/accounts/register/', {
            body: { ...first, phone: `91${digits}` },
          })
        ).body.phone,
      ).toBe(`+91${digits}`);
      const clash = await t.request('POST', '/api/accounts/register/', {
        body: {
          ...first,
          username: first.username.toUpperCase(),
          email: first.email.toUpperCase(),
          phone: digits,
        },
      });
      expect(clash.status).toBe(400);
      expect(clash.body.username).toBeDefined();
      expect(clash.body.email).toBeDefined();
      expect(clash.body.phone).toBeDefined();
    });

    it('never creates a mess owner', async () => {
      const answer = await t.request('POST', '/api/accounts/register/', {
        body: registration({ user_type: 'mess_owner' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.user_type).toBeDefined();
    });

    it('refuses unknown fields instead of ignoring them', async () => {
      const answer = await t.request('POST', '/api/accounts/register/', {
        body: registration({ status: 'profile_complete' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.status).toEqual(['Unknown field.']);
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const answer = await t.request('POST', '/api/accounts/register/', { raw: '{"username": ' });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBeDefined();
    });
  });

  describe('OTP', () => {
    it('verifies once, then the code is spent', async () => {
      const body = registration();
      await t.request('POST', '/api/accounts/register/', { body });
      const otp = lastOtp(t, body.phone);
      const verified = await t.request('POST', '/api/accounts/verify-otp/', {
        body: { phone: body.phone, otp },
      });
      expect(verified.status).toBe(200);
      expect(verified.body.user.status).toBe('registration_complete');
      expect(verified.body.access).toBeTruthy();
      expect(verified.body.refresh).toBeTruthy();
      const again = await t.request('POST', '/api/accounts/verify-otp/', {
        body: { phone: body.phone, otp },
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBeTruthy();
    });

    it('answers a wrong code with the spec message, and kills the code after 5 wrong tries', async () => {
      const body = registration();
      await t.request('POST', '/api/accounts/register/', { body });
      const otp = lastOtp(t, body.phone);
      const wrong = otp === '000000' ? '111111' : '000000';
      const first = await t.request('POST', '/api/accounts/verify-otp/', {
        body: { phone: body.phone, otp: wrong },
      });
      expect(first.status).toBe(400);
      expect(first.body.message).toBe('Invalid OTP. Please try again.');
      for (let i = 0; i < 4; i++) {
        await t.request('POST', '/api/accounts/verify-otp/', {
          body: { phone: body.phone, otp: wrong },
        });
      }
      const right = await t.request('POST', '/api/accounts/verify-otp/', {
        body: { phone: body.phone, otp },
      });
      expect(right.status).toBe(400);
    });

    it('expires after 10 minutes', async () => {
      const body = registration();
      await t.request('POST', '/api/accounts/register/', { body });
      const otp = lastOtp(t, body.phone);
      t.clock.advance(10 * 60_000 + 1000);
      try {
        const late = await t.request('POST', '/api/accounts/verify-otp/', {
          body: { phone: body.phone, otp },
        });
        expect(late.status).toBe(400);
      } finally {
        t.clock.advance(-(10 * 60_000 + 1000));
      }
    });

    it('enforces the 60 s cooldown and 3 sends per hour with 429 and Retry-After', async () => {
      const body = registration();
      await t.request('POST', '/api/accounts/register/', { body });
      const tooSoon = await t.request('POST', '/api/accounts/resend-otp/', {
        body: { phone: body.phone },
      });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toMatch(/wait/);
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
      const start = t.clock.offsetMs;
      try {
        t.clock.advance(61_000);
        const second = await t.request('POST', '/api/accounts/resend-otp/', {
          body: { phone: body.phone },
        });
        expect(second.status).toBe(200);
        expect(second.body.message).toBe('A new OTP has been sent to your phone.');
        t.clock.advance(61_000);
        expect(
          (await t.request('POST', '/api/accounts/resend-otp/', { body: { phone: body.phone } }))
            .status,
        ).toBe(200);
        t.clock.advance(61_000);
        const fourth = await t.request('POST', '/api/accounts/resend-otp/', {
          body: { phone: body.phone },
        });
        expect(fourth.status).toBe(429);
        expect(fourth.headers['retry-after']).toBeDefined();
        // A new code replaced the old ones: only the last one works.
        await t.settle();
        const newest = lastOtp(t, body.phone);
        const ok = await t.request('POST', '/api/accounts/verify-otp/', {
          body: { phone: body.phone, otp: newest },
        });
        expect(ok.status).toBe(200);
      } finally {
        t.clock.offsetMs = start;
      }
    });

    it('answers resend-otp the same for unknown, verified and pending phones, and limits them alike', async () => {
      const pending = registration();
      expect((await t.request('POST', '/api/accounts/register/', { body: pending })).status).toBe(
        201,
      );
      const verified = await registerCustomer(t);
      const phones = {
        pending: pending.phone,
        verified: `+91${verified.phone}`,
        unknown: `+91${uniquePhone()}`,
      };
      const smsTo = (phone: string) => t.smsOutbox().filter((sms) => sms.to === phone).length;
      const before = Object.fromEntries(
        Object.entries(phones).map(([kind, phone]) => [kind, smsTo(phone)]),
      );
      const start = t.clock.offsetMs;
      // Past the registration's send, so every phone starts with a clean slate.
      t.clock.advance(61 * 60_000);
      const round = async () => {
        const answers: Record<string, { status: number; body: unknown; wait: unknown }> = {};
        for (const [kind, phone] of Object.entries(phones)) {
          const answer = await t.request('POST', '/api/accounts/resend-otp/', {
            body: { phone },
            ip: `10.93.0.${Object.keys(answers).length}`,
          });
          answers[kind] = {
            status: answer.status,
            body: answer.body,
            wait: answer.headers['retry-after'],
          };
        }
        return answers;
      };
      const sameForAll = (answers: Awaited<ReturnType<typeof round>>) => {
        const [first, ...rest] = Object.values(answers);
        // A wait is rounded to whole seconds or minutes: compare the refusal's words and its code.
        const shape = (answer: typeof first) => ({
          status: answer!.status,
          body: JSON.parse(JSON.stringify(answer!.body).replace(/\d+/g, 'N')),
        });
        for (const answer of rest) expect(shape(answer)).toEqual(shape(first));
        return first!;
      };
      try {
        const sent = sameForAll(await round());
        expect(sent).toMatchObject({
          status: 200,
          body: { message: 'A new OTP has been sent to your phone.' },
        });
        await t.settle();
        expect(smsTo(phones.pending)).toBe(before.pending! + 1);
        expect(smsTo(phones.verified)).toBe(before.verified);
        expect(smsTo(phones.unknown)).toBe(0);

        const tooSoon = sameForAll(await round());
        expect(tooSoon.status).toBe(429);
        expect(tooSoon.body).toMatchObject({
          error_code: 'throttled',
          message: expect.stringMatching(/wait/),
        });
        for (let i = 0; i < 2; i++) {
          t.clock.advance(61_000);
          expect(sameForAll(await round()).status).toBe(200);
        }
        t.clock.advance(61_000);
        const hourly = sameForAll(await round());
        expect(hourly.status).toBe(429);
        expect(Number(hourly.wait)).toBeGreaterThan(60);
        await t.settle();
        expect(smsTo(phones.pending)).toBe(before.pending! + 3);
        expect(smsTo(phones.verified)).toBe(before.verified);
        expect(smsTo(phones.unknown)).toBe(0);
      } finally {
        t.clock.offsetMs = start;
      }
    });

    it('keeps OTP codes out of the notification log', async () => {
      const body = registration();
      await t.request('POST', '/api/accounts/register/', { body });
      const otp = lastOtp(t, body.phone);
      const rows = await t.ctx.db.kysely.selectFrom('notification_logs').selectAll().execute();
      expect(rows.some((row) => row.notification_type === 'otp')).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(otp);
    });
  });

  describe('login and tokens', () => {
    it('logs in by username or e-mail, and fails the same way for unknown users and wrong passwords', async () => {
      const customer = await registerCustomer(t);
      const byEmail = await t.request('POST', '/api/accounts/login/', {
        body: { username: customer.email.toUpperCase(), password: customer.password },
      });
      expect(byEmail.status).toBe(200);
      const wrong = await t.request('POST', '/api/accounts/login/', {
        body: { username: customer.username, password: 'nope-nope' },
      });
      const unknown = await t.request('POST', '/api/accounts/login/', {
        body: { username: 'nobody-here', password: 'nope-nope' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.detail).toBeTruthy();
    });

    it('lets an unverified user log in, with status unverified', async () => {
      const customer = await registerCustomer(t, { verify: false });
      const profile = await t.request('GET', '/api/accounts/profile/', { token: customer.access });
      expect(profile.status).toBe(200);
      expect(profile.body.status).toBe('unverified');
    });

    it('answers 401, never 403, for missing, bad and expired tokens', async () => {
      expect((await t.request('GET', '/api/accounts/profile/')).status).toBe(401);
      expect((await t.request('GET', '/api/accounts/profile/', { token: 'garbage' })).status).toBe(
        401,
      );
      const customer = await registerCustomer(t);
      // Used once while valid (its signature is then remembered), it must still expire on time.
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
      ).toBe(200);
      t.clock.advance(16 * 60_000);
      try {
        expect(
          (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
        ).toBe(401);
      } finally {
        t.clock.advance(-16 * 60_000);
      }
    });

    it('refuses forged, altered, non-canonical, unsigned, other-algorithm and expired tokens', async () => {
      const customer = await registerCustomer(t);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const sign = (input: string, hash = 'sha256') =>
        createHmac(hash, t.config.jwtSecret).update(input).digest('base64url');
      const token = (header: object, claims: object, hash = 'sha256') => {
        const input = `${encode(header)}.${encode(claims)}`;
        return `${input}.${sign(input, hash)}`;
      };
      const [, payload] = customer.access.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      const header = { alg: 'HS256', typ: 'JWT' };
      const profile = (access: string) =>
        t.request('GET', '/api/accounts/profile/', { token: access });

      // The forgery kit makes tokens the server accepts, so each refusal below is for its one flaw.
      const control = token(header, claims);
      expect((await profile(control)).status).toBe(200);

      const signature = control.split('.')[2]!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      // 32 bytes are 43 characters: the last one carries 2 unused bits. Setting one decodes to the
      // same bytes, so only a strict decoder notices.
      const last = signature.at(-1)!;
      const sloppy = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
      expect(Buffer.from(sloppy, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(
        true,
      );
      const withoutSignature = control.slice(0, control.lastIndexOf('.'));
      const refused = {
        nonCanonical: `${withoutSignature}.${sloppy}`,
        padded: `${control}=`,
        standardAlphabet: `${withoutSignature}.${Buffer.from(signature, 'base64url').toString('base64')}`,
        algNone: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
        otherAlgorithm: token({ alg: 'HS512', typ: 'JWT' }, claims, 'sha512'),
        noTyp: token({ alg: 'HS256' }, claims),
        otherTyp: token({ alg: 'HS256', typ: 'at+jwt' }, claims),
        tampered: `${encode(header)}.${encode({ ...claims, sub: '1' })}.${signature}`,
        expired: token(header, { ...claims, exp: Math.floor(t.clock.now().getTime() / 1000) - 1 }),
        noExpiry: token(header, { ...claims, exp: undefined }),
        refreshAsAccess: customer.refresh,
      };
      for (const [flaw, forged] of Object.entries(refused)) {
        expect({ flaw, status: (await profile(forged)).status }).toEqual({ flaw, status: 401 });
      }
      const refreshSignature = customer.refresh.split('.')[2]!;
      const sloppyRefresh = `${customer.refresh.slice(0, customer.refresh.lastIndexOf('.'))}.${refreshSignature.slice(0, -1)}${alphabet[alphabet.indexOf(refreshSignature.at(-1)!) ^ 1]}`;
      const refreshed = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: sloppyRefresh },
      });
      expect(refreshed.status).toBe(401);
    });

    it('rotates refresh tokens and revokes the family when one is reused', async () => {
      const customer = await registerCustomer(t);
      const first = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: customer.refresh },
      });
      expect(first.status).toBe(200);
      expect(first.body.access).toBeTruthy();
      const second = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: first.body.refresh },
      });
      expect(second.status).toBe(200);
      // Replaying the first refresh token ends the whole family.
      const replay = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: customer.refresh },
      });
      expect(replay.status).toBe(401);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: second.body.access })).status,
      ).toBe(401);
      expect(
        (
          await t.request('POST', '/api/accounts/token/refresh/', {
            body: { refresh: second.body.refresh },
          })
        ).status,
      ).toBe(401);
    });

    it('logout revokes the session', async () => {
      const customer = await registerCustomer(t);
      const out = await t.request('POST', '/api/accounts/logout/', {
        token: customer.access,
        body: {},
      });
      expect(out.status).toBe(204);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
      ).toBe(401);
      expect(
        (
          await t.request('POST', '/api/accounts/token/refresh/', {
            body: { refresh: customer.refresh },
          })
        ).status,
      ).toBe(401);
    });

    it('logs out without a body, as the contract allows (none, or an empty JSON body)', async () => {
      const customer = await registerCustomer(t);
      const bare = await t.request('POST', '/api/accounts/logout/', { token: customer.access });
      expect(bare.status).toBe(204);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
      ).toBe(401);
      const second = await startSession(t.ctx, customer.id);
      const empty = await t.request('POST', '/api/accounts/logout/', {
        token: second.access,
        raw: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.status).toBe(204);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: second.access })).status,
      ).toBe(401);
    });

    it("logout also revokes the session of a refresh token in the body, when it is the caller's", async () => {
      const customer = await registerCustomer(t);
      const other = await startSession(t.ctx, customer.id);
      const out = await t.request('POST', '/api/accounts/logout/', {
        token: customer.access,
        body: { refresh: other.refresh },
      });
      expect(out.status).toBe(204);
      for (const access of [customer.access, other.access]) {
        expect((await t.request('GET', '/api/accounts/profile/', { token: access })).status).toBe(
          401,
        );
      }
      const refreshed = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: other.refresh },
      });
      expect(refreshed.status).toBe(401);
    });

    it("logout ignores another user's refresh token and a malformed one", async () => {
      const customer = await registerCustomer(t);
      const stranger = await registerCustomer(t);
      for (const refresh of [stranger.refresh, 'not-a-token']) {
        const mine = await startSession(t.ctx, customer.id);
        const out = await t.request('POST', '/api/accounts/logout/', {
          token: mine.access,
          body: { refresh },
        });
        expect(out.status).toBe(204);
        expect(
          (await t.request('GET', '/api/accounts/profile/', { token: mine.access })).status,
        ).toBe(401);
      }
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: stranger.access })).status,
      ).toBe(200);
      const refreshed = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh: stranger.refresh },
      });
      expect(refreshed.status).toBe(200);
    });

    const login = (username: string, password: string, ip = '10.98.0.1') =>
      t.request('POST', '/api/accounts/login/', { ip, body: { username, password } });

    it('keeps the per-IP login limit with 429 and Retry-After', async () => {
      // The limit counts in fixed 5-minute windows: start at the beginning of one, so that the
      // 31 attempts cannot straddle two windows on a slow machine.
      const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
      t.clock.advance((300 - (nowSeconds % 300)) * 1000 + 500);
      const perIp: number[] = [];
      for (let i = 0; i < 31; i++) {
        const answer = await login(`nobody${i}`, 'wrong-password', '10.99.2.1');
        perIp.push(answer.status);
        if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(perIp.filter((status) => status === 429)).toHaveLength(1);
      expect(perIp[30]).toBe(429);
    });

    it('counts failures only: successful logins never use up the allowance', async () => {
      const customer = await registerCustomer(t);
      for (let i = 0; i < 15; i++) {
        const answer = await login(customer.username, customer.password, `10.97.0.${i}`);
        expect(answer.status).toBe(200);
      }
      // A success also forgives earlier failures.
      for (let i = 0; i < 4; i++) await login(customer.username, 'wrong-password', `10.97.1.${i}`);
      expect((await login(customer.email, customer.password, '10.97.2.1')).status).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await login(customer.username, 'wrong-password', `10.97.3.${i}`)).status).toBe(401);
      }
    });

    it('counts username and e-mail of one account together, and unknown names by themselves', async () => {
      const customer = await registerCustomer(t);
      const identifiers = [customer.username, customer.email.toUpperCase()];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await login(identifiers[i % 2]!, 'wrong-password', `10.96.0.${i}`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const unknown: number[] = [];
      for (let i = 0; i < 6; i++) {
        unknown.push((await login('no-such-user-here', 'wrong-password', `10.96.1.${i}`)).status);
      }
      // An unknown name is treated exactly like an account: nothing to tell them apart.
      expect(unknown).toEqual(statuses);
      const other = await registerCustomer(t);
      expect((await login(other.username, other.password, '10.96.2.1')).status).toBe(200);
    });

    it('delays an attacked account progressively instead of locking its owner out', async () => {
      const customer = await registerCustomer(t);
      const start = t.clock.offsetMs;
      try {
        const waits: number[] = [];
        for (let i = 0; i < 12; i++) {
          let answer = await login(customer.username, 'wrong-password', `10.95.0.${i}`);
          if (answer.status === 429) {
            const wait = Number(answer.headers['retry-after']);
            expect(answer.body).toMatchObject({ error_code: 'throttled' });
            expect(answer.body.detail).toMatch(/try again in \d+ seconds?/);
            waits.push(wait);
            t.clock.advance(wait * 1000);
            answer = await login(customer.username, 'wrong-password', `10.95.0.${i}`);
          }
          expect(answer.status).toBe(401);
        }
        // Short, growing, capped: nobody waits long for their own account.
        expect(waits).toEqual([...waits].sort((a, b) => a - b));
        expect(waits[0]).toBeLessThanOrEqual(2);
        expect(waits.at(-1)!).toBeGreaterThan(waits[0]!);
        expect(Math.max(...waits)).toBeLessThanOrEqual(60);
        // While the delay runs even the right password waits, and is not checked.
        const early = await login(customer.username, customer.password, '10.95.1.1');
        expect(early.status).toBe(429);
        // Once it has passed, the right password works, whatever came before.
        t.clock.advance(Number(early.headers['retry-after']) * 1000);
        expect((await login(customer.email, customer.password, '10.95.1.2')).status).toBe(200);
        expect((await login(customer.username, 'wrong-password', '10.95.1.3')).status).toBe(401);
      } finally {
        t.clock.offsetMs = start;
      }
    });

    it('lets a burst of parallel guesses through no faster than one at a time', async () => {
      const customer = await registerCustomer(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(customer.username, 'wrong-password', `10.94.0.${i}`),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    });

    it('the owner account created at start-up logs in', async () => {
      const token = await loginOwner(t);
      const profile = await t.request('GET', '/api/accounts/profile/', { token });
      expect(profile.body.user_type).toBe('mess_owner');
    });
  });

  describe('profile', () => {
    it('requires exactly one of tiffin and mess, and the profile fields', async () => {
      const customer = await registerCustomer(t, { complete: false });
      const both = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'student',
          is_tiffin_user: true,
          is_mess_user: true,
          student_profile: {
            institute: 'KIET',
            student_id: 'S1',
            hostel: 'H',
            year: '1st',
            course: 'BCA',
          },
        },
      });
      expect(both.status).toBe(400);
      expect(both.body.non_field_errors).toBeDefined();
      const missing = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'student',
          is_tiffin_user: true,
          is_mess_user: false,
          student_profile: {
            institute: 'KIET',
            student_id: ' ',
            hostel: 'H',
            year: '1st',
            course: 'BCA',
          },
        },
      });
      expect(missing.status).toBe(400);
      const badInstitute = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'student',
          is_tiffin_user: true,
          is_mess_user: false,
          student_profile: {
            institute: 'MIT',
            student_id: 'S1',
            hostel: 'H',
            year: '1st',
            course: 'BCA',
          },
        },
      });
      expect(badInstitute.status).toBe(400);
    });

    it('completes the profile and cannot change the user type or username', async () => {
      const customer = await registerCustomer(t, { userType: 'regular', complete: false });
      const changeType = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'student',
          is_tiffin_user: false,
          is_mess_user: true,
          student_profile: {
            institute: 'KIET',
            student_id: 'S1',
            hostel: 'H',
            year: '1st',
            course: 'BCA',
          },
        },
      });
      expect(changeType.status).toBe(400);
      const sneaky = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'regular',
          is_tiffin_user: false,
          is_mess_user: true,
          username: 'hijack',
          regular_profile: { address: 'A', landmark: 'L', pincode: '201206', city: 'C' },
        },
      });
      expect(sneaky.status).toBe(400);
      const done = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'regular',
          is_tiffin_user: false,
          is_mess_user: true,
          regular_profile: {
            address: '1 Road',
            landmark: 'Temple',
            pincode: '201206',
            city: 'Ghaziabad',
          },
        },
      });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('profile_complete');
      expect(done.body.regular_profile.city).toBe('Ghaziabad');
      expect(done.body.username).toBe(customer.username);
    });

    it('refuses an unverified user', async () => {
      const customer = await registerCustomer(t, { verify: false });
      const answer = await t.request('POST', '/api/accounts/complete-profile/', {
        token: customer.access,
        body: {
          user_type: 'student',
          is_tiffin_user: true,
          is_mess_user: false,
          student_profile: {
            institute: 'KIET',
            student_id: 'S1',
            hostel: 'H',
            year: '1st',
            course: 'BCA',
          },
        },
      });
      expect(answer.status).toBe(403);
    });

    it('reads the profile with the session in one query, answering as the separate read does', async () => {
      const accounts = [
        (await registerCustomer(t, { userType: 'student' })).access,
        (await registerCustomer(t, { userType: 'regular', service: 'tiffin' })).access,
        (await registerCustomer(t, { complete: false })).access,
        await loginOwner(t),
      ];
      for (const token of accounts) {
        const read = await t.request('GET', '/api/accounts/profile/', { token });
        expect(read.status).toBe(200);
        // Setting the language it has already answers the User through the separate profile read.
        const separate = await t.request('PUT', '/api/accounts/language/', {
          token,
          body: { language: read.body.language },
        });
        expect(separate.status).toBe(200);
        expect(read.body).toEqual(separate.body);
      }
      const [student, regular, incomplete, owner] = await Promise.all(
        accounts.map((token) =>
          t.request('GET', '/api/accounts/profile/', { token }).then((answer) => answer.body),
        ),
      );
      expect(student.student_profile).toMatchObject({ institute: expect.any(String) });
      expect(student.regular_profile).toBeNull();
      expect(regular.regular_profile).toMatchObject({ city: expect.any(String) });
      expect(incomplete.student_profile ?? incomplete.regular_profile).toBeNull();
      expect(owner.user_type).toBe('mess_owner');
    });
  });

  describe('sessions at the same time', () => {
    it('answers each of many concurrent requests with its own user, and refuses the revoked one', async () => {
      const customers = await Promise.all(
        Array.from({ length: 12 }, () => registerCustomer(t, { userType: 'regular' })),
      );
      const revoked = customers[5]!;
      const logout = await t.request('POST', '/api/accounts/logout/', { token: revoked.access });
      expect(logout.status).toBe(204);
      const answers = await Promise.all(
        [...customers, ...customers].map((customer) =>
          t.request('GET', '/api/accounts/profile/', { token: customer.access }),
        ),
      );
      answers.forEach((answer, index) => {
        const customer = customers[index % customers.length]!;
        if (customer === revoked) {
          expect(answer.status).toBe(401);
        } else {
          expect(answer.status).toBe(200);
          expect(answer.body.username).toBe(customer.username);
          expect(answer.body.regular_profile).not.toBeNull();
        }
      });
    });
  });

  describe('passwords', () => {
    it('changes the password, checking the old one, and revokes the other sessions', async () => {
      const customer = await registerCustomer(t);
      const other = await t.request('POST', '/api/accounts/login/', {
        body: { username: customer.username, password: customer.password },
      });
      const wrongOld = await t.request('POST', '/api/accounts/change-password/', {
        token: customer.access,
        body: {
          old_password: 'wrong-one',
          new_password: 'brand-new-pass',
          confirm_password: 'brand-new-pass',
        },
      });
      expect(wrongOld.status).toBe(400);
      expect(wrongOld.body.old_password).toBeDefined();
      const mismatch = await t.request('POST', '/api/accounts/change-password/', {
        token: customer.access,
        body: {
          old_password: customer.password,
          new_password: 'brand-new-pass',
          confirm_password: 'different',
        },
      });
      expect(mismatch.body.confirm_password).toContain('New passwords do not match');
      const common = await t.request('POST', '/api/accounts/change-password/', {
        token: customer.access,
        body: {
          old_password: customer.password,
          new_password: 'Password123',
          confirm_password: 'Password123',
        },
      });
      expect(common.status).toBe(400);
      expect(common.body.new_password).toEqual([
        'This password is too common. Choose a less common one.',
      ]);
      const changed = await t.request('POST', '/api/accounts/change-password/', {
        token: customer.access,
        body: {
          old_password: customer.password,
          new_password: 'brand-new-pass',
          confirm_password: 'brand-new-pass',
        },
      });
      expect(changed.status).toBe(200);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
      ).toBe(200);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: other.body.access })).status,
      ).toBe(401);
      const relogin = await t.request('POST', '/api/accounts/login/', {
        body: { username: customer.username, password: 'brand-new-pass' },
      });
      expect(relogin.status).toBe(200);
    });

    it('resets a forgotten password through the e-mailed link, once', async () => {
      const customer = await registerCustomer(t);
      const unknown = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: 'nobody@example.com' },
      });
      const known = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: customer.email },
      });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      await t.settle();
      const mail = t
        .mailOutbox()
        .find((text) => text.includes(customer.email) && text.includes('reset-password'));
      expect(mail).toBeDefined();
      const match = mail!
        .replace(/=\r?\n/g, '')
        .match(/http:\/\/dabba\.test\/reset-password\/([^/\s]+)\/([^/\s]+)\//);
      expect(match).not.toBeNull();
      const [, uid, token] = match!;
      const valid = await t.request('GET', `/api/accounts/password-reset/${uid}/${token}/`);
      expect(valid.body).toEqual({ valid: true, detail: 'The link is valid.' });
      const short = await t.request('POST', '/api/accounts/password-reset-confirm/', {
        body: { uidb64: uid, token, new_password: 'short', confirm_password: 'short' },
      });
      expect(short.status).toBe(400);
      const common = await t.request('POST', '/api/accounts/password-reset-confirm/', {
        body: { uidb64: uid, token, new_password: 'baseball', confirm_password: 'baseball' },
      });
      expect(common.status).toBe(400);
      expect(common.body.new_password).toEqual([
        'This password is too common. Choose a less common one.',
      ]);
      const done = await t.request('POST', '/api/accounts/password-reset-confirm/', {
        body: {
          uidb64: uid,
          token,
          new_password: 'reset-pass-123',
          confirm_password: 'reset-pass-123',
        },
      });
      expect(done.status).toBe(200);
      expect(
        (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
      ).toBe(401);
      const reuse = await t.request('POST', '/api/accounts/password-reset-confirm/', {
        body: {
          uidb64: uid,
          token,
          new_password: 'reset-pass-456',
          confirm_password: 'reset-pass-456',
        },
      });
      expect(reuse.status).toBe(400);
      expect(reuse.body.detail).toBe('The password reset link is invalid or has expired.');
      const spent = await t.request('GET', `/api/accounts/password-reset/${uid}/${token}/`);
      expect(spent.status).toBe(200);
      expect(spent.body).toEqual({
        valid: false,
        detail: 'The password reset link is invalid or has expired.',
      });
      const login = await t.request('POST', '/api/accounts/login/', {
        body: { username: customer.username, password: 'reset-pass-123' },
      });
      expect(login.status).toBe(200);
    });
  });

  describe('notification log', () => {
    it('records the welcome, profile and OTP messages for the user, with stats', async () => {
      const customer = await registerCustomer(t);
      const logs = await t.request('GET', '/api/notifications/logs/', { token: customer.access });
      expect(logs.status).toBe(200);
      const types = logs.body.map((row: { notification_type: string }) => row.notification_type);
      expect(types).toEqual(expect.arrayContaining(['otp', 'welcome', 'profile_completed']));
      const stats = await t.request('GET', '/api/notifications/logs/stats/', {
        token: customer.access,
      });
      expect(stats.body.total).toBe(logs.body.length);
      expect(stats.body.by_channel.sms).toBeGreaterThan(0);
      await t.request('POST', '/api/accounts/change-password/', {
        token: customer.access,
        body: {
          old_password: customer.password,
          new_password: 'another-pass-1',
          confirm_password: 'another-pass-1',
        },
      });
      await t.request('POST', '/api/accounts/password-reset/', { body: { email: customer.email } });
      await t.settle();
      const later = await t.request('GET', '/api/notifications/logs/', { token: customer.access });
      const laterTypes = later.body.map(
        (row: { notification_type: string }) => row.notification_type,
      );
      expect(laterTypes).toEqual(expect.arrayContaining(['password_changed', 'password_reset']));
      const byType = await t.request('GET', '/api/notifications/logs/by_type/', {
        token: customer.access,
      });
      expect(byType.body).toEqual(expect.arrayContaining([{ notification_type: 'otp', count: 1 }]));
      const emailsOnly = await t.request('GET', '/api/notifications/logs/?channel=email', {
        token: customer.access,
      });
      expect(emailsOnly.body.every((row: { channel: string }) => row.channel === 'email')).toBe(
        true,
      );
      const other = await registerCustomer(t);
      const foreign = await t.request('GET', `/api/notifications/logs/${logs.body[0].id}/`, {
        token: other.access,
      });
      expect(foreign.status).toBe(404);
    });
  });

  describe('notification history by notice', () => {
    it('lists each notice once, with a human text and each channel’s own status', async () => {
      const customer = await registerCustomer(t);
      const other = await registerCustomer(t);
      const events = (query = '', token = customer.access) =>
        t.request('GET', `/api/notifications/events/${query}`, { token });
      const all = await events();
      expect(all.status).toBe(200);
      const types = all.body.map((event: any) => event.notification_type);
      // The welcome went by e-mail and SMS: one notice, not two.
      expect(types).toEqual(['profile_completed', 'welcome', 'otp']);
      expect(all.headers['x-total-count']).toBe('3');
      const logs = await t.request('GET', '/api/notifications/logs/', { token: customer.access });
      expect(logs.body).toHaveLength(4);

      const [profile, welcome, otp] = all.body;
      expect(welcome).toMatchObject({
        title: 'Welcome to Dabba Mess & Tiffin',
        text: 'Your phone number is verified. Complete your profile to choose a mess or tiffin plan.',
        channels: [
          { channel: 'email', status: 'sent', recipient: customer.email, error_message: null },
          { channel: 'sms', status: 'sent', recipient: `+91${customer.phone}` },
        ],
      });
      expect(welcome.id).toBe(welcome.channels[0].log_id);
      expect(profile).toMatchObject({
        title: 'Your profile is complete',
        text: 'Your profile is complete. Browse the plans and subscribe.',
        channels: [{ channel: 'email', status: 'sent' }],
      });
      // The OTP's entry says a code was sent, never the code.
      const code = t
        .smsOutbox()
        .filter((sms) => sms.to === `+91${customer.phone}`)[0]!
        .body.match(/\d{6}/)![0];
      expect(otp.channels).toEqual([expect.objectContaining({ channel: 'sms', status: 'sent' })]);
      expect(otp.text).toBe(
        'A verification code was texted to your phone. It expires in 10 minutes.',
      );
      expect(JSON.stringify(all.body)).not.toContain(code);
      for (const event of all.body) expect(event.text).not.toMatch(/:\/\/|_/);

      // A notice whose SMS failed is under Failed, and under Sent for its e-mail.
      await t.ctx.db.kysely
        .updateTable('notification_logs')
        .set({ status: 'failed', error_message: 'Unreachable number', sent_at: null })
        .where('id', '=', welcome.channels[1].log_id)
        .execute();
      const failed = await events('?status=failed');
      expect(failed.body.map((event: any) => event.notification_type)).toEqual(['welcome']);
      expect(
        failed.body[0].channels.map((c: any) => [c.channel, c.status, c.error_message]),
      ).toEqual([
        ['email', 'sent', null],
        ['sms', 'failed', 'Unreachable number'],
      ]);
      expect(failed.headers['x-total-count']).toBe('1');
      // Every channel here wrote to the outbox: nobody received them, so nothing is under Sent
      // until a provider took one.
      expect((await events('?status=sent')).body).toEqual([]);
      await t.ctx.db.kysely
        .updateTable('notification_logs')
        .set({ provider: 'smtp' })
        .where('id', 'in', [welcome.channels[0].log_id, profile.channels[0].log_id])
        .execute();
      const sent = await events('?status=sent');
      expect(sent.body.map((event: any) => event.notification_type)).toEqual([
        'profile_completed',
        'welcome',
      ]);
      expect(sent.headers['x-total-count']).toBe('2');
      expect((await events('?status=pending')).body).toEqual([]);
      expect((await events('?status=queued')).status).toBe(400);

      const page = await events('?limit=1&offset=1');
      expect(page.body.map((event: any) => event.notification_type)).toEqual(['welcome']);
      expect(page.headers['x-total-count']).toBe('3');
      // Everyone reads only their own notices.
      const theirs = await events('', other.access);
      expect(theirs.body.map((event: any) => event.id)).not.toContain(welcome.id);
      expect(theirs.body).toHaveLength(3);
    });
  });

  describe('meta', () => {
    it('serves health, the contract and the API reference', async () => {
      const health = await t.request('GET', '/api/health/');
      expect(health.body).toMatchObject({ status: 'ok', database: dialect });
      const yaml = await t.request('GET', '/api/openapi.yaml');
      expect(yaml.text).toContain('openapi: 3.1');
      const docs = await t.request('GET', '/api/docs/');
      expect(docs.status).toBe(200);
      expect((await t.request('GET', '/api/nothing-here/')).status).toBe(404);
    });
  });
});

/** Statuses of the notification log rows of one type, read straight from the database (even closed apps). */
async function logStatuses(t: TestApp, type: string): Promise<string[]> {
  if (t.dialect === 'sqlite') {
    const db = new Database(path.join(t.dataDir, 'dabba.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare('select status from notification_logs where notification_type = ? order by id')
        .all(type) as { status: string }[];
      return rows.map((row) => row.status);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: t.config.databaseUrl ?? '' });
  await client.connect();
  try {
    const result = await client.query<{ status: string }>(
      'select status from notification_logs where notification_type = $1 order by id',
      [type],
    );
    return result.rows.map((row) => row.status);
  } finally {
    await client.end();
  }
}

describe.each(testDatabases())('password reset requests on %s', (dialect) => {
  let t: TestApp;
  let mail: HeldMailer;
  beforeAll(async () => {
    mail = heldMailer();
    t = await createTestApp(dialect, {}, { mailer: mail });
  });
  afterAll(async () => {
    await t?.close();
  });

  const resetMailsTo = (email: string) =>
    mail.sent.filter(
      (message) => message.to === email && message.subject === 'Reset your password',
    );

  it('answers a registered e-mail before its lookup and mail: the answer comes while the mail is held', async () => {
    const customer = await registerCustomer(t);
    const release = mail.hold();
    try {
      const known = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: customer.email },
      });
      const unknown = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: `nobody-${customer.username}@example.com` },
      });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(resetMailsTo(customer.email)).toHaveLength(0);
    } finally {
      release();
    }
    await t.settle();
    expect(resetMailsTo(customer.email)).toHaveLength(1);
  });

  it('logs and swallows a failure of the work after the answer', async () => {
    const customer = await registerCustomer(t);
    const notify = t.ctx.notifier.notify;
    t.ctx.notifier.notify = async () => {
      throw new Error('mail system down');
    };
    const logged = vi.spyOn(t.ctx.log, 'error');
    try {
      const answer = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: customer.email },
      });
      expect(answer.status).toBe(200);
      await t.settle();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ task: 'password-reset-mail', err: expect.any(Error) }),
        expect.any(String),
      );
    } finally {
      t.ctx.notifier.notify = notify;
      logged.mockRestore();
    }
    // The app still answers afterwards.
    expect((await t.request('GET', '/api/health/')).status).toBe(200);
  });

  it('a normal close waits for a reset e-mail still being sent', async () => {
    const own = heldMailer();
    const app = await createTestApp(dialect, {}, { mailer: own });
    try {
      const customer = await registerCustomer(app);
      const release = own.hold();
      const answer = await app.request('POST', '/api/accounts/password-reset/', {
        body: { email: customer.email },
      });
      expect(answer.status).toBe(200);
      await own.waiting();
      let closed = false;
      const closing = app.app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(
        own.sent.filter(
          (message) => message.to === customer.email && message.subject === 'Reset your password',
        ),
      ).toHaveLength(1);
      // The send was recorded as sent: the database was still open when it finished.
      expect(await logStatuses(app, 'password_reset')).toEqual(['sent']);
    } finally {
      await app.close();
    }
  });
});

describe.each(testDatabases())('stale registrations on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const usersLeft = async (ids: number[]) =>
    (await t.ctx.db.kysely.selectFrom('users').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    );

  it('the daily job removes registrations left unverified for 24 hours, with nothing attached', async () => {
    const job = allJobs.find((candidate) => candidate.name === 'remove-stale-registrations');
    expect(job).toBeDefined();
    const start = t.clock.offsetMs;
    try {
      // Unverified for more than a day, having logged in, asked for a reset link and new codes.
      const squatter = await registerCustomer(t, { verify: false });
      await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: squatter.email },
      });
      await t.settle();
      // Verified, or holding something that matters: kept however old.
      const verified = await registerCustomer(t, { complete: false });
      const withProfile = await registerCustomer(t, { verify: false });
      await t.ctx.db.kysely
        .insertInto('student_profiles')
        .values({
          user_id: withProfile.id,
          institute: 'KIET',
          student_id: 'S1',
          hostel: 'A',
          year: '1st',
          course: 'B.Tech',
        })
        .execute();
      const withSubscription = await registerCustomer(t, { verify: false });
      await insertSubscription(t, withSubscription.id, { status: 'PENDING_PAYMENT' });
      t.clock.advance(2 * 3600_000);
      // Unverified, but not for a whole day yet when the job runs.
      const recent = await registerCustomer(t, { verify: false });
      t.clock.advance(23 * 3600_000);

      expect(await runJobIfDue(t.ctx, job!)).toBe(true);
      const all = [squatter, verified, withProfile, withSubscription, recent].map((u) => u.id);
      expect(await usersLeft(all)).toEqual(
        [verified, withProfile, withSubscription, recent].map((u) => u.id).sort((a, b) => a - b),
      );
      // What hung off the removed account went with it.
      const db = t.ctx.db.kysely;
      for (const table of ['sessions', 'otp_codes', 'password_reset_tokens'] as const) {
        const rows = await db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', squatter.id)
          .execute();
        expect({ table, rows }).toEqual({ table, rows: [] });
      }
      // The phone and e-mail are free again.
      const again = await t.request('POST', '/api/accounts/register/', {
        body: {
          username: `${squatter.username}b`,
          email: squatter.email,
          phone: `+91${squatter.phone}`,
          password: 'Kadai-paneer-7',
          confirm_password: 'Kadai-paneer-7',
          user_type: 'student',
          first_name: 'Asha',
          last_name: 'Verma',
        },
      });
      expect(again.status).toBe(201);
      // The owner is never touched.
      expect((await loginOwner(t)).length).toBeGreaterThan(0);
    } finally {
      t.clock.offsetMs = start;
    }
  });
});
