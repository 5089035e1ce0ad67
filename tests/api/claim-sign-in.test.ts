// Staff who can start (issue 37, item 4), on both databases: an invited rider proves his phone on the
// claim page and is at work with that one code: the check signs him in, the member is active and the
// owner puts him on a route at once; a password is optional, and the link still sets one. The
// normal path of a mess (the owner, the staff and the counter's customers behind one Wi-Fi address;
// a rider tapping Send again while the code is on its way; a sign-in on a second phone) trips no
// limit, while the limits still stop abuse: wrong codes kill the code, checks and sends per phone
// and sends per address are still counted and refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, addressesIn, uniquePhone } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { inviteToken, staffPhone } from '../helpers/staff.js';

const STAFF = '/api/owner/staff/';
const claim = (token: string, step = '') => `/api/accounts/claim/${token}/${step}`;

describe.each(testDatabases())('claiming a staff invite by code on %s', (dialect) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const nextIp = addressesIn(94);
  /**
   * The limits count in fixed windows (15 minutes, an hour): start a test at the start of an hour,
   * so that its calls cannot fall on both sides of a window's edge. A fresh owner token after it.
   */
  const startOfHour = async () => {
    const hourMs = 3_600_000;
    t.clock.advance(hourMs - (t.clock.now().getTime() % hourMs) + 1000);
    owner = await loginOwner(t);
  };
  const invite = async (role: 'delivery' | 'kitchen' | 'manager' = 'delivery') => {
    const phone = staffPhone();
    const added = await t.request('POST', STAFF, {
      token: owner,
      body: { first_name: 'Mohan', last_name: 'Verma', phone, role },
    });
    expect(added.status).toBe(201);
    await t.settle();
    return { id: added.body.id as number, phone, token: inviteToken(t, phone) };
  };
  const member = async (id: number) =>
    (await t.request('GET', `${STAFF}${id}/`, { token: owner })).body as {
      status: string;
      joined_at: string | null;
      invite_expires_at: string | null;
    };

  it('a rider’s claim code signs him in: active, on a route at once, the password optional', async () => {
    const rider = await invite('delivery');
    const ip = nextIp();
    // The claim page first reads whose link it is, and speaks to a rider as staff.
    const account = await t.request('GET', claim(rider.token), { ip });
    expect(account.status).toBe(200);
    expect(account.body).toEqual({ account: 'staff', role: 'delivery', first_name: 'Mohan' });
    expect((await t.request('POST', claim(rider.token, 'otp/'), { ip })).status).toBe(200);
    const verified = await t.request('POST', claim(rider.token, 'verify/'), {
      ip,
      body: { otp: lastOtp(t, rider.phone) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { id: rider.id, user_type: 'delivery', phone_verified: true },
    });
    const session = verified.body.access as string;
    expect(
      (await t.request('GET', '/api/accounts/profile/', { token: session })).body,
    ).toMatchObject({ id: rider.id, user_type: 'delivery' });
    expect(await member(rider.id)).toMatchObject({ status: 'active', invite_expires_at: null });
    expect(typeof (await member(rider.id)).joined_at).toBe('string');

    // The owner finds him among the riders and puts him on a route; his run is his at once.
    const riders = await t.request('GET', '/api/delivery/riders/', { token: owner });
    expect(riders.body.map((one: { id: number }) => one.id)).toContain(rider.id);
    const route = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: `Claimed ${rider.id}`, areas: ['201301'], riders: [rider.id] },
    });
    expect(route.status).toBe(201);
    const mine = await t.request('GET', '/api/delivery/routes/', { token: session });
    expect(mine.status).toBe(200);
    expect(mine.body.map((one: { id: number }) => one.id)).toEqual([route.body.id]);
    // A phone sign-in later answers as for any active member: no second claim, no refusal.
    expect(await member(rider.id)).toMatchObject({ status: 'active' });

    // The password is optional; chosen on the same link, it signs in by username too, once.
    const done = await t.request('POST', claim(rider.token, 'complete/'), {
      ip,
      body: {
        username: `mohan${rider.id}`,
        password: 'Rider-pass-42',
        confirm_password: 'Rider-pass-42',
      },
    });
    expect(done.status).toBe(200);
    const login = await t.request('POST', '/api/accounts/login/', {
      ip,
      body: { username: `mohan${rider.id}`, password: 'Rider-pass-42' },
    });
    expect(login.status).toBe(200);
    const spent = await t.request('GET', claim(rider.token), { ip });
    expect(spent.status).toBe(400);
    expect(spent.body.error_code).toBe('claim.invalid');
    // The session the code started still works beside the new one.
    expect((await t.request('GET', '/api/delivery/routes/', { token: session })).status).toBe(200);
  });

  it('says a walk-in’s link is a customer’s', async () => {
    const plan = await commerce(t, () => owner, {
      codePrefix: 'CLSI',
      planDefaults: { name: 'Claim sign-in plan', base_price: 1500 },
    }).plan({ name: 'Claim sign-in plan' });
    const phone = uniquePhone();
    const enrolled = await t.request('POST', '/api/payments/admin/walk-ins/', {
      token: owner,
      body: {
        first_name: 'Ravi',
        last_name: 'Kumar',
        phone,
        user_type: 'regular',
        plan: plan.id,
        payment_mode: 'cash',
        amount: 0,
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
    await t.settle();
    const link = await t.request('GET', claim(inviteToken(t, phone)), { ip: nextIp() });
    expect(link.body).toEqual({ account: 'customer', role: null, first_name: 'Ravi' });
  });

  it('the path of a mess behind one Wi-Fi address trips no limit', async () => {
    await startOfHour();
    const wifi = nextIp();
    const rider = await invite('delivery');
    const cook = await invite('kitchen');
    expect((await t.request('POST', claim(rider.token, 'otp/'), { ip: wifi })).status).toBe(200);
    // The SMS takes its time and the rider taps Send again and again: each tap waits out the
    // cooldown, and none uses up the address's sends (20 an hour) for everyone behind it.
    for (let tap = 0; tap < 25; tap++) {
      const early = await t.request('POST', claim(rider.token, 'otp/'), { ip: wifi });
      expect(early.status).toBe(429);
      expect(early.body.message).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    }
    t.clock.advance(61_000);
    const resent = await t.request('POST', claim(rider.token, 'otp/'), { ip: wifi });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const verified = await t.request('POST', claim(rider.token, 'verify/'), {
      ip: wifi,
      body: { otp: lastOtp(t, rider.phone) },
    });
    expect(verified.status).toBe(200);
    // The cook claims behind the same address.
    expect((await t.request('POST', claim(cook.token, 'otp/'), { ip: wifi })).status).toBe(200);
    const cookVerified = await t.request('POST', claim(cook.token, 'verify/'), {
      ip: wifi,
      headers: { 'Accept-Language': 'hi' },
      body: { otp: lastOtp(t, cook.phone) },
    });
    expect(cookVerified.status).toBe(200);
    expect(cookVerified.body.message).toBe('फ़ोन सत्यापित हो गया। आप साइन इन हो गए हैं।');
    expect(await member(cook.id)).toMatchObject({ status: 'active' });

    // Minutes later the rider signs in on a second phone with a sign-in code: the third code to
    // his phone this hour, still within its limits, from the same address.
    t.clock.advance(5 * 60_000);
    const sent = await t.request('POST', '/api/accounts/login/phone/', {
      ip: wifi,
      body: { phone: rider.phone },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await t.settle();
    const signedIn = await t.request('POST', '/api/accounts/login/phone/verify/', {
      ip: wifi,
      body: { phone: rider.phone, otp: lastOtp(t, rider.phone) },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.access).toEqual(expect.any(String));
  });

  it('still stops wrong codes, and checks and sends beyond the limits', async () => {
    await startOfHour();
    const rider = await invite('delivery');
    const ip = nextIp();
    expect((await t.request('POST', claim(rider.token, 'otp/'), { ip })).status).toBe(200);
    const code = lastOtp(t, rider.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const check = (otp: string, from = nextIp()) =>
      t.request('POST', claim(rider.token, 'verify/'), { ip: from, body: { otp } });
    // Five wrong codes kill the code: the right one no longer claims anything.
    for (let n = 1; n <= 4; n++) expect((await check(wrong)).body.error_code).toBe('otp.invalid');
    expect((await check(wrong)).body.error_code).toBe('otp.too_many_attempts');
    const dead = await check(code);
    expect(dead.status).toBe(400);
    expect(dead.body.access).toBeUndefined();
    expect(await member(rider.id)).toMatchObject({ status: 'invited', joined_at: null });

    // Ten checks a quarter of an hour for one phone, from any address: the eleventh is refused
    // before the code is looked at, even the right one.
    t.clock.advance(61_000);
    expect((await t.request('POST', claim(rider.token, 'otp/'), { ip })).status).toBe(200);
    const fresh = lastOtp(t, rider.phone);
    for (let n = 7; n <= 10; n++) expect((await check(wrong)).status).toBe(400);
    const limited = await check(fresh);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(await member(rider.id)).toMatchObject({ status: 'invited' });

    // Three codes an hour to one phone: the fourth send is refused for the rest of the hour.
    t.clock.advance(61_000);
    expect((await t.request('POST', claim(rider.token, 'otp/'), { ip })).status).toBe(200);
    t.clock.advance(61_000);
    const fourth = await t.request('POST', claim(rider.token, 'otp/'), { ip });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(
      /^Too many OTP requests\. Please try again in \d+ minutes\.$/,
    );

    // Twenty codes an hour from one address, to any phones: the twenty-first is refused.
    const spammer = nextIp();
    for (let n = 1; n <= 20; n++) {
      const sent = await t.request('POST', '/api/accounts/login/phone/', {
        ip: spammer,
        body: { phone: uniquePhone() },
      });
      expect(sent.status, `send ${n}`).toBe(200);
    }
    const over = await t.request('POST', '/api/accounts/login/phone/', {
      ip: spammer,
      body: { phone: uniquePhone() },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    await t.settle();
  });
});
