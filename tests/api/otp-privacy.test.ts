// The OTP endpoints never tell whether a phone has an account (issue 35, item 12): for each pair of
// endpoints that texts and checks a code (phone sign-in, registration's resend and verify), a phone
// with an account and a phone without one get byte-identical answers, step by step at the same
// instants: a guess before any code, a send, a send too soon (429), wrong codes up to the fifth
// (the code dies), an expired code, the hourly send limit (429) and the per-phone check limit (429).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { registerCustomer, uniquePhone, addressesIn } from '../helpers/accounts.js';

interface Seen {
  step: string;
  status: number;
  retryAfter: string | undefined;
  text: string;
}

const ENDPOINTS = {
  'phone sign-in': {
    send: '/api/accounts/login/phone/',
    check: '/api/accounts/login/phone/verify/',
  },
  'registration verification': {
    send: '/api/accounts/resend-otp/',
    check: '/api/accounts/verify-otp/',
  },
} as const;

describe.each(testDatabases())('OTP answers for known and unknown phones on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each call from its own address, so the per-IP limits of one never reach another. */
  const nextIp = addressesIn(91);
  const smsTo = (phone: string) => t.smsOutbox().filter((sms) => sms.to === `+91${phone}`);

  /**
   * Runs the same script for each phone, step by step, at the same instants (the clock stands
   * still but for the script's own moves), and returns what each phone saw.
   */
  async function script(
    endpoints: { send: string; check: string },
    phones: string[],
  ): Promise<Seen[][]> {
    const seen: Seen[][] = phones.map(() => []);
    const each = async (step: string, call: (phone: string) => Promise<unknown>) => {
      for (const [index, phone] of phones.entries()) {
        const answer = (await call(phone)) as {
          status: number;
          text: string;
          headers: Record<string, unknown>;
        };
        seen[index]!.push({
          step,
          status: answer.status,
          retryAfter: answer.headers['retry-after'] as string | undefined,
          text: answer.text,
        });
      }
      await t.settle();
    };
    const send = (phone: string) =>
      t.request('POST', endpoints.send, { ip: nextIp(), body: { phone: `+91${phone}` } });
    const guess = (phone: string) =>
      t.request('POST', endpoints.check, {
        ip: nextIp(),
        body: { phone: `+91${phone}`, otp: '000000' },
      });

    await each('a guess before any code', guess);
    await each('a send', send);
    await each('a send too soon', send);
    for (let n = 1; n <= 5; n++) await each(`wrong code ${n}`, guess);
    await each('a guess after the code died', guess);
    t.clock.advance(61_000);
    await each('a second send', send);
    t.clock.advance(10 * 60_000 + 1000);
    await each('a guess after the code expired', guess);
    t.clock.advance(61_000);
    await each('a third send', send);
    t.clock.advance(61_000);
    await each('a fourth send in the hour', send);
    await each('the ninth check', guess);
    await each('the tenth check', guess);
    await each('the eleventh check', guess);
    return seen;
  }

  /** The clock stands still at the start of a 15-minute window, where the check limit counts. */
  function freezeAtWindowStart() {
    const windowMs = 15 * 60_000;
    const now = t.clock.now().getTime();
    t.clock.frozenAt = Date.now();
    t.clock.advance(windowMs - (now % windowMs) + 1000);
  }

  for (const [name, endpoints] of Object.entries(ENDPOINTS)) {
    for (const kind of ['verified', 'unverified'] as const) {
      it(`${name}: ${kind === 'verified' ? 'a verified' : 'an unverified'} customer's phone and an unknown phone get the same answers`, async () => {
        const known = await registerCustomer(t, { verify: kind === 'verified' });
        const unknown = uniquePhone();
        // Past every earlier code and send of the known phone (registration's), as if days later.
        t.clock.advance(2 * 3_600_000);
        freezeAtWindowStart();
        try {
          const textsBefore = smsTo(known.phone).length;
          const [knownSaw, unknownSaw] = await script(endpoints, [known.phone, unknown]);
          expect(unknownSaw).toEqual(knownSaw);
          // The script means something: it went through the cases it names.
          const byStep = new Map(knownSaw!.map((one) => [one.step, one]));
          const code = (step: string) => JSON.parse(byStep.get(step)!.text).error_code;
          expect(byStep.get('a send')!.status).toBe(200);
          expect(byStep.get('a send too soon')!.status).toBe(429);
          expect(Number(byStep.get('a send too soon')!.retryAfter)).toBeGreaterThan(0);
          expect(code('wrong code 1')).toBe('otp.invalid');
          expect(JSON.parse(byStep.get('wrong code 1')!.text).message).toBe(
            'Invalid OTP. Please try again.',
          );
          expect(code('wrong code 5')).toBe('otp.too_many_attempts');
          expect(code('a guess after the code died')).toBe('otp.expired');
          expect(code('a guess after the code expired')).toBe('otp.expired');
          expect(byStep.get('a fourth send in the hour')!.status).toBe(429);
          expect(Number(byStep.get('a fourth send in the hour')!.retryAfter)).toBeGreaterThan(60);
          expect(byStep.get('the tenth check')!.status).toBe(400);
          expect(byStep.get('the eleventh check')!.status).toBe(429);
          // Only the known phone is texted, and only where a code is for it: every sign-in code;
          // a verification code only while the registration waits for one.
          const texted = kind === 'unverified' || name === 'phone sign-in' ? 3 : 0;
          expect(smsTo(known.phone).length - textsBefore).toBe(texted);
          expect(smsTo(unknown)).toHaveLength(0);
        } finally {
          t.clock.frozenAt = null;
        }
      });
    }
  }

  it('keeps no account for a phone it answered: codes for unknown phones name nobody', async () => {
    const unknown = uniquePhone();
    t.clock.advance(61_000);
    const sent = await t.request('POST', ENDPOINTS['phone sign-in'].send, {
      ip: nextIp(),
      body: { phone: unknown },
    });
    expect(sent.status).toBe(200);
    await t.settle();
    const accounts = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', `+91${unknown}`)
      .execute();
    expect(accounts).toEqual([]);
  });
});
