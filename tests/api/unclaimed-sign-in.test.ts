// An account the owner made and nobody claimed yet (a staff invite, a walk-in) signed in by a code
// to its phone (issue 35, item 14), on both databases: proving the phone, by a phone sign-in code
// or by the claim page's code given to verify-otp, within the invite's time claims the account (the
// member is active, the walk-in's link spent, the phone verified, the password left to set later);
// after the invite expired it is refused with claim.expired, in English and Hindi, and nothing
// changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalSentence } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, addressesIn } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { inviteToken, staffPhone } from '../helpers/staff.js';

const STAFF = '/api/owner/staff/';
const WEEK_MS = 7 * 86_400_000;

describe.each(testDatabases())('signing in to an unclaimed account on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let planId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    const api = commerce(t, () => owner, {
      codePrefix: 'UNCL',
      planDefaults: { name: 'Unclaimed plan', base_price: 2000 },
    });
    planId = (await api.plan({ name: 'Unclaimed plan' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each call from its own address, so the per-IP limits of one never reach another. */
  const nextIp = addressesIn(93);
  /** The owner's token again: a test may have moved the clock past the last one's life. */
  const freshOwner = async () => (owner = await loginOwner(t));

  const invite = async (role: 'delivery' | 'manager' = 'delivery') => {
    const phone = staffPhone();
    const added = await t.request('POST', STAFF, {
      token: owner,
      body: { first_name: 'Raju', last_name: 'Rider', phone, role },
    });
    expect(added.status).toBe(201);
    await t.settle();
    return { id: added.body.id as number, phone, token: inviteToken(t, phone) };
  };
  let walkInCounter = 0;
  const enrolWalkIn = async () => {
    walkInCounter += 1;
    const phone = `76${String(process.pid % 10_000).padStart(4, '0')}${String(walkInCounter).padStart(4, '0')}`;
    const enrolled = await t.request('POST', '/api/payments/admin/walk-ins/', {
      token: owner,
      body: {
        first_name: 'Ravi',
        last_name: 'Kumar',
        phone,
        user_type: 'regular',
        plan: planId,
        payment_mode: 'cash',
        amount: 0,
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
    await t.settle();
    return { id: enrolled.body.customer.id as number, phone };
  };

  /** A phone sign-in: the code asked for and given back; the answer to the check. */
  const phoneSignIn = async (phone: string, headers: Record<string, string> = {}) => {
    const sent = await t.request('POST', '/api/accounts/login/phone/', {
      ip: nextIp(),
      body: { phone },
    });
    expect(sent.status).toBe(200);
    await t.settle();
    return t.request('POST', '/api/accounts/login/phone/verify/', {
      ip: nextIp(),
      headers,
      body: { phone, otp: lastOtp(t, phone) },
    });
  };
  /** The claim page's code (a verification code), given to verify-otp instead of the claim page. */
  const claimCodeAtVerifyOtp = async (token: string, phone: string) => {
    const sent = await t.request('POST', `/api/accounts/claim/${token}/otp/`, { ip: nextIp() });
    expect(sent.status).toBe(200);
    return (code = lastOtp(t, phone), headers: Record<string, string> = {}) =>
      t.request('POST', '/api/accounts/verify-otp/', {
        ip: nextIp(),
        headers,
        body: { phone, otp: code },
      });
  };
  const member = async (id: number) =>
    (await t.request('GET', `${STAFF}${id}/`, { token: owner })).body as {
      status: string;
      joined_at: string | null;
    };
  const walkInClaim = async (id: number) =>
    (await t.request('GET', `/api/accounts/owner/users/${id}/`, { token: owner })).body as {
      claim: { status: string } | null;
      phone_verified: boolean;
    };
  const expectExpired = (answer: { status: number; body: any }) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: refusalSentence('en', 'claim.expired:sign_in'),
      error_code: 'claim.expired',
    });
  };

  it('a rider who signs in by phone within the invite is active, and goes on a route at once', async () => {
    const rider = await invite('delivery');
    expect((await member(rider.id)).status).toBe('invited');
    const signedIn = await phoneSignIn(rider.phone);
    expect(signedIn.status).toBe(200);
    const profile = await t.request('GET', '/api/accounts/profile/', {
      token: signedIn.body.access,
    });
    expect(profile.body).toMatchObject({
      id: rider.id,
      user_type: 'delivery',
      phone_verified: true,
    });
    expect(await member(rider.id)).toMatchObject({ status: 'active' });
    // The invite is spent: the link no longer claims the account.
    const link = await t.request('POST', `/api/accounts/claim/${rider.token}/otp/`, {
      ip: nextIp(),
    });
    expect(link.body.error_code).toBe('claim.invalid');
    const riders = await t.request('GET', '/api/delivery/riders/', { token: owner });
    expect(riders.body.map((one: { id: number }) => one.id)).toContain(rider.id);
    const route = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: `Route of ${rider.id}`, areas: ['201206'], riders: [rider.id] },
    });
    expect(route.status).toBe(201);
    const mine = await t.request('GET', '/api/delivery/routes/', { token: signedIn.body.access });
    expect(mine.body.map((one: { id: number }) => one.id)).toEqual([route.body.id]);
  });

  it('the claim page’s code given to verify-otp claims a staff invite too', async () => {
    const manager = await invite('manager');
    const verify = await claimCodeAtVerifyOtp(manager.token, manager.phone);
    const answer = await verify();
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: manager.id, phone_verified: true });
    expect(await member(manager.id)).toMatchObject({ status: 'active' });
  });

  it('a walk-in who signs in by phone within the link’s week has claimed the account', async () => {
    const walkIn = await enrolWalkIn();
    expect((await walkInClaim(walkIn.id)).claim).toMatchObject({ status: 'OPEN' });
    const signedIn = await phoneSignIn(walkIn.phone);
    expect(signedIn.status).toBe(200);
    expect(await walkInClaim(walkIn.id)).toMatchObject({
      claim: { status: 'CLAIMED' },
      phone_verified: true,
    });
  });

  it('after the invite expired, a phone sign-in and verify-otp are refused and claim nothing', async () => {
    await freshOwner();
    const rider = await invite('delivery');
    const manager = await invite('manager');
    const walkIn = await enrolWalkIn();
    const walkInToken = inviteToken(t, walkIn.phone);
    // The claim page's codes asked for five minutes before the week ends, given after it.
    t.clock.advance(WEEK_MS - 5 * 60_000);
    const managerVerify = await claimCodeAtVerifyOtp(manager.token, manager.phone);
    const walkInVerify = await claimCodeAtVerifyOtp(walkInToken, walkIn.phone);
    t.clock.advance(6 * 60_000);
    await freshOwner();

    // A wrong code is only wrong: nothing is said about the account before the right code.
    expect((await managerVerify('000000')).body.error_code).toBe('otp.invalid');
    expectExpired(await managerVerify(lastOtp(t, manager.phone)));
    expectExpired(await walkInVerify());
    expectExpired(await phoneSignIn(rider.phone));
    t.clock.advance(61_000);
    const hindi = await phoneSignIn(walkIn.phone, { 'Accept-Language': 'hi' });
    expect(hindi.status).toBe(400);
    expect(hindi.body).toEqual({
      message: refusalSentence('hi', 'claim.expired:sign_in'),
      error_code: 'claim.expired',
    });
    expect(await member(rider.id)).toMatchObject({ status: 'invited', joined_at: null });
    expect(await member(manager.id)).toMatchObject({ status: 'invited', joined_at: null });
    expect(await walkInClaim(walkIn.id)).toMatchObject({
      claim: { status: 'OPEN' },
      phone_verified: false,
    });

    // A new invite from the owner, and the phone sign-in claims it.
    const resent = await t.request('POST', `${STAFF}${rider.id}/resend_invite/`, { token: owner });
    expect(resent.status).toBe(200);
    t.clock.advance(61_000);
    expect((await phoneSignIn(rider.phone)).status).toBe(200);
    expect(await member(rider.id)).toMatchObject({ status: 'active' });
  });
});
