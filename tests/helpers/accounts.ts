// Account helpers for tests: register, verify, complete the profile, log in.
import type { TestApp } from './app.js';

let counter = 0;

export function uniquePhone(): string {
  counter += 1;
  const tail = String((process.pid * 1000 + counter) % 100_000_000).padStart(8, '0');
  return `98${tail}`;
}

/**
 * A new caller's address at each call, under 10.`block`: a test that calls from its own address
 * keeps the per-IP limits of one test from reaching another.
 */
export function addressesIn(block: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `10.${block}.${Math.floor(count / 250)}.${count % 250}`;
  };
}

export function lastOtp(t: TestApp, phone: string): string {
  const normalized = `+91${phone.replace(/\D/g, '').slice(-10)}`;
  const messages = t.smsOutbox().filter((sms) => sms.to === normalized);
  const last = messages[messages.length - 1];
  const code = last?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP in the outbox for ${normalized}`);
  return code;
}

export interface Customer {
  id: number;
  username: string;
  email: string;
  phone: string;
  password: string;
  access: string;
  refresh: string;
}

export async function registerCustomer(
  t: TestApp,
  options: {
    userType?: 'student' | 'regular';
    service?: 'mess' | 'tiffin';
    complete?: boolean;
    verify?: boolean;
    /** The language chosen at registration; none sent by default (the server's English). */
    language?: 'en' | 'hi';
  } = {},
): Promise<Customer> {
  counter += 1;
  const username = `user${process.pid}x${counter}`;
  const phone = uniquePhone();
  const email = `${username}@example.com`;
  const password = 'secret-pass-1';
  const userType = options.userType ?? 'student';
  // Each made-up customer comes from their own address, so per-IP limits stay out of the way.
  const ip = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const registered = await t.request('POST', '/api/accounts/register/', {
    ip,
    body: {
      username,
      email,
      phone: `+91${phone}`,
      password,
      confirm_password: password,
      user_type: userType,
      first_name: 'Test',
      last_name: `User${counter}`,
      ...(options.language ? { language: options.language } : {}),
    },
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const id = registered.body.user.id as number;
  if (options.verify === false) {
    const login = await t.request('POST', '/api/accounts/login/', {
      ip,
      body: { username, password },
    });
    return { id, username, email, phone, password, ...login.body };
  }
  const verified = await t.request('POST', '/api/accounts/verify-otp/', {
    ip,
    body: { phone: `+91${phone}`, otp: lastOtp(t, phone) },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const customer = {
    id,
    username,
    email,
    phone,
    password,
    access: verified.body.access,
    refresh: verified.body.refresh,
  };
  if (options.complete === false) return customer;
  const service = options.service ?? 'mess';
  const completed = await t.request('POST', '/api/accounts/complete-profile/', {
    token: customer.access,
    body: {
      user_type: userType,
      is_tiffin_user: service === 'tiffin',
      is_mess_user: service === 'mess',
      ...(userType === 'student'
        ? {
            student_profile: {
              institute: 'KIET',
              student_id: `S${counter}`,
              hostel: 'Hostel A, Room 12',
              year: '2nd',
              course: 'B.Tech',
            },
          }
        : {
            regular_profile: {
              address: '12 Station Road',
              landmark: 'Near the temple',
              pincode: '201206',
              city: 'Ghaziabad',
            },
          }),
    },
  });
  if (completed.status !== 200)
    throw new Error(`complete-profile failed: ${JSON.stringify(completed.body)}`);
  return customer;
}

/** Signs `username` in with its password: the access token. */
export async function signIn(t: TestApp, username: string, password: string): Promise<string> {
  const login = await t.request('POST', '/api/accounts/login/', { body: { username, password } });
  if (login.status !== 200)
    throw new Error(`${username} login failed: ${JSON.stringify(login.body)}`);
  return login.body.access as string;
}

export const loginOwner = (t: TestApp): Promise<string> => signIn(t, 'owner', 'owner-password-1');

/** The customer signed in again (after the clock moved: a token carries its time). */
export const signedInAgain = async <C extends Customer>(t: TestApp, customer: C): Promise<C> => ({
  ...customer,
  access: await signIn(t, customer.username, customer.password),
});
