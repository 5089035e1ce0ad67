// Staff helpers for tests: the owner adds a member through the API, and the member claims the SMS
// invite through the claim flow (OTP, then a username and password), as a real member would.
import type { TestApp } from './app.js';
import { lastOtp } from './accounts.js';

export type StaffRole = 'manager' | 'kitchen' | 'delivery';

export interface StaffAccount {
  id: number;
  role: StaffRole;
  username: string;
  phone: string;
  password: string;
  access: string;
  refresh: string;
}

let counter = 0;

/** A phone nobody else's tests use: 73, the process, a counter. */
export function staffPhone(): string {
  counter += 1;
  return `73${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

/** The claim token of the newest SMS to `phone` (+91… or 10 digits). */
export function inviteToken(t: TestApp, phone: string): string {
  const to = `+91${phone.replace(/\D/g, '').slice(-10)}`;
  const sms = t.smsOutbox().filter((message) => message.to === to);
  const token = sms[sms.length - 1]?.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invite link for ${to}`);
  return token;
}

/** The three steps of the claim page; answers the session it ends with. */
export async function claimInvite(
  t: TestApp,
  token: string,
  phone: string,
  account: { username: string; password: string },
) {
  // Each member claims from their own address, so per-IP OTP limits stay out of the way.
  const ip = `10.73.${(counter >> 8) & 255}.${counter & 255}`;
  const sent = await t.request('POST', `/api/accounts/claim/${token}/otp/`, { ip });
  if (sent.status !== 200) throw new Error(`claim otp failed: ${JSON.stringify(sent.body)}`);
  const verified = await t.request('POST', `/api/accounts/claim/${token}/verify/`, {
    ip,
    body: { otp: lastOtp(t, phone) },
  });
  if (verified.status !== 200)
    throw new Error(`claim verify failed: ${JSON.stringify(verified.body)}`);
  const done = await t.request('POST', `/api/accounts/claim/${token}/complete/`, {
    ip,
    body: {
      username: account.username,
      password: account.password,
      confirm_password: account.password,
    },
  });
  if (done.status !== 200) throw new Error(`claim complete failed: ${JSON.stringify(done.body)}`);
  return done.body as { access: string; refresh: string; user: { id: number; user_type: string } };
}

/** A staff member of `role`, added by the owner (`ownerToken`) and claimed: signed in. */
export async function addStaff(
  t: TestApp,
  ownerToken: string,
  role: StaffRole,
  firstName = 'Staff',
): Promise<StaffAccount> {
  const phone = staffPhone();
  const added = await t.request('POST', '/api/owner/staff/', {
    token: ownerToken,
    body: { first_name: firstName, last_name: role, phone, role },
  });
  if (added.status !== 201) throw new Error(`add staff failed: ${JSON.stringify(added.body)}`);
  await t.settle();
  const username = `${role}${process.pid}x${counter}`;
  const password = `${role}-pass-word-1`;
  const session = await claimInvite(t, inviteToken(t, phone), phone, { username, password });
  return {
    id: added.body.id as number,
    role,
    username,
    phone,
    password,
    access: session.access,
    refresh: session.refresh,
  };
}
