// Accounts and sessions over HTTP, on every database this run covers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, registerCustomer, uniquePhone } from '../helpers/accounts.js';

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
      password: 'secret1',
      confirm_password: 'secret1',
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

    it('applies the spec §5 messages', async () => {
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
        const newest = lastOtp(t, body.phone);
        const ok = await t.request('POST', '/api/accounts/verify-otp/', {
          body: { phone: body.phone, otp: newest },
        });
        expect(ok.status).toBe(200);
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
      t.clock.advance(16 * 60_000);
      try {
        expect(
          (await t.request('GET', '/api/accounts/profile/', { token: customer.access })).status,
        ).toBe(401);
      } finally {
        t.clock.advance(-16 * 60_000);
      }
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

    it('rate-limits login per account and per IP with 429 and Retry-After', async () => {
      const customer = await registerCustomer(t);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await t.request('POST', '/api/accounts/login/', {
          ip: `10.99.1.${i}`,
          body: { username: customer.username, password: 'wrong-password' },
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      const perIp: number[] = [];
      for (let i = 0; i < 31; i++) {
        const answer = await t.request('POST', '/api/accounts/login/', {
          ip: '10.99.2.1',
          body: { username: `nobody${i}`, password: 'wrong-password' },
        });
        perIp.push(answer.status);
      }
      expect(perIp.filter((status) => status === 429)).toHaveLength(1);
      expect(perIp[30]).toBe(429);
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
