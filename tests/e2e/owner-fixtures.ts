// Customer data for the owner journeys, made through the API the way a customer would: register,
// OTP from DATA_DIR/outbox/sms.jsonl, complete the profile, subscribe, pay in the sandbox, then
// leaves, feedback and cancellations. Also the owner's sign-in.
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCalendarDate } from '@machines/shared';
import { language, locale, msg, tx } from './i18n';
import { OWNER_PASSWORD } from './playwright.config';
import { customerAddress, dataDir, expectNoAxeViolations, ownerSession } from './support';

export { OWNER_PASSWORD };
export const OWNER_USERNAME = 'owner';

export interface Tokens {
  access: string;
  refresh: string;
}

export interface TestCustomer {
  username: string;
  email: string;
  phone: string;
  password: string;
  firstName: string;
  lastName: string;
  fullName: string;
  userType: 'student' | 'regular';
  service: 'mess' | 'tiffin';
  tokens: Tokens;
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${what}: ${response.status()} ${text}`).toBeTruthy();
  return (text ? JSON.parse(text) : null) as T;
}

const auth = (tokens: Tokens | string) => ({
  Authorization: `Bearer ${typeof tokens === 'string' ? tokens : tokens.access}`,
});

let counter = 0;

/** Unique, valid identity: phone 9XXXXXXXXX, username owner_e2e_… */
function identity(prefix: string) {
  counter += 1;
  const stamp = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const digits = `${stamp}${counter % 10}`.slice(-9);
  const username = `${prefix}_${stamp}${counter}`.toLowerCase();
  return { username, phone: `+919${digits}`, email: `${username}@example.com` };
}

/** The newest OTP texted to `phone`. */
async function readOtp(phone: string): Promise<string> {
  const file = path.join(dataDir(), 'outbox', 'sms.jsonl');
  let otp: string | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return null;
        const messages = readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string; body: string })
          .filter((message) => message.to === phone);
        otp = messages.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
        return otp;
      },
      { timeout: 10_000, message: `an OTP text to ${phone}` },
    )
    .not.toBeNull();
  return otp as unknown as string;
}

/** A verified customer with a complete profile (student: hostel; regular: address and landmark). */
export async function registerCustomer(
  request: APIRequestContext,
  options: {
    service: 'mess' | 'tiffin';
    userType?: 'student' | 'regular';
    firstName?: string;
    prefix?: string;
  },
): Promise<TestCustomer> {
  const userType = options.userType ?? 'student';
  const { username, phone, email } = identity(options.prefix ?? 'own');
  const firstName = options.firstName ?? 'Ravi';
  const lastName = 'Sharma';
  const password = 'secret-Pass1';
  const address = customerAddress();
  await ok(
    await request.post('/api/accounts/register/', {
      headers: address,
      data: {
        username,
        email,
        phone,
        password,
        confirm_password: password,
        user_type: userType,
        first_name: firstName,
        last_name: lastName,
      },
    }),
    'register',
  );
  const otp = await readOtp(phone);
  const tokens = await ok<Tokens>(
    await request.post('/api/accounts/verify-otp/', { headers: address, data: { phone, otp } }),
    'verify-otp',
  );
  await ok(
    await request.post('/api/accounts/complete-profile/', {
      headers: auth(tokens),
      data: {
        user_type: userType,
        is_tiffin_user: options.service === 'tiffin',
        is_mess_user: options.service === 'mess',
        ...(userType === 'student'
          ? {
              student_profile: {
                institute: 'KIET',
                student_id: `KIET-${username.slice(-5)}`,
                hostel: 'Block C, Room 21',
                year: '3rd',
                course: 'B.Tech',
              },
            }
          : {
              regular_profile: {
                address: '44 Mall Road',
                landmark: 'Opposite the post office',
                pincode: '201206',
                city: 'Ghaziabad',
              },
            }),
      },
    }),
    'complete-profile',
  );
  return {
    username,
    email,
    phone,
    password,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    userType,
    service: options.service,
    tokens,
  };
}

export async function loginApi(request: APIRequestContext, username: string, password: string) {
  return ok<Tokens>(
    await request.post('/api/accounts/login/', {
      data: { username, password },
      headers: customerAddress(),
    }),
    `login ${username}`,
  );
}

/** The owner's tokens, shared with support.ts and renewed before they expire. */
export const ownerTokens = ownerSession;

export interface PlanSpec {
  code: string;
  name: string;
  service_type: 'mess' | 'tiffin';
  base_price: number;
  duration_days: number;
  included_meals: Array<'breakfast' | 'lunch' | 'dinner'>;
}

export const PLANS = {
  mess: {
    code: 'OWN-MESS-30',
    name: 'Owner Journeys Mess',
    service_type: 'mess',
    base_price: 2000,
    duration_days: 30,
    included_meals: ['breakfast', 'lunch', 'dinner'],
  },
  tiffinLunch: {
    code: 'OWN-TIFFIN-LUNCH',
    name: 'Owner Journeys Tiffin Lunch',
    service_type: 'tiffin',
    base_price: 1200,
    duration_days: 30,
    included_meals: ['lunch'],
  },
  tiffinAll: {
    code: 'OWN-TIFFIN-ALL',
    name: 'Owner Journeys Tiffin All Meals',
    service_type: 'tiffin',
    base_price: 1800,
    duration_days: 30,
    included_meals: ['breakfast', 'lunch', 'dinner'],
  },
} as const satisfies Record<string, PlanSpec>;

/** The plan with this code (created by the owner when missing); its id. */
export async function ensurePlan(request: APIRequestContext, plan: PlanSpec): Promise<number> {
  const owner = await ownerTokens(request);
  const plans = await ok<Array<{ id: number; code: string }>>(
    await request.get('/api/subscriptions/plans/?include_inactive=true', { headers: auth(owner) }),
    'list plans',
  );
  const found = plans.find((item) => item.code === plan.code);
  if (found) return found.id;
  const created = await ok<{ id: number }>(
    await request.post('/api/subscriptions/plans/', {
      headers: auth(owner),
      data: { ...plan, description: `${plan.name}: home-style food.`, is_active: true },
    }),
    'create plan',
  );
  return created.id;
}

export interface PaidSubscription {
  id: number;
  adjusted_end_date: string;
  base_end_date: string;
}

/** Subscribes `customer` to `planId` and pays through the sandbox checkout and verify_payment. */
export async function subscribeAndPay(
  request: APIRequestContext,
  customer: TestCustomer,
  planId: number,
): Promise<PaidSubscription & { order_id: string }> {
  const headers = auth(customer.tokens);
  const subscription = await ok<{ id: number }>(
    await request.post('/api/subscriptions/subscriptions/', { headers, data: { plan: planId } }),
    'subscribe',
  );
  const order = await ok<{ order_id: string }>(
    await request.post('/api/payments/orders/', {
      headers,
      data: { subscription: subscription.id },
    }),
    'create order',
  );
  const paid = await ok<Record<string, string>>(
    await request.post('/api/payments/sandbox/pay/', {
      headers,
      data: { order_id: order.order_id, outcome: 'success' },
    }),
    'sandbox pay',
  );
  await ok(
    await request.post('/api/payments/orders/verify_payment/', { headers, data: paid }),
    'verify payment',
  );
  return {
    ...(await subscriptionOf(request, customer, subscription.id)),
    order_id: order.order_id,
  };
}

export async function subscriptionOf(
  request: APIRequestContext,
  customer: TestCustomer,
  id: number,
): Promise<PaidSubscription> {
  return ok<PaidSubscription>(
    await request.get(`/api/subscriptions/subscriptions/${id}/`, {
      headers: auth(customer.tokens),
    }),
    'get subscription',
  );
}

export async function requestLeave(
  request: APIRequestContext,
  customer: TestCustomer,
  subscriptionId: number,
  start: string,
  end: string,
): Promise<{ id: number }> {
  return ok(
    await request.post('/api/subscriptions/leaves/', {
      headers: auth(customer.tokens),
      data: {
        subscription: subscriptionId,
        leave_start_date: start,
        leave_end_date: end,
        reason: 'Visiting family for a few days.',
      },
    }),
    'request leave',
  );
}

/** A tiny valid PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A food complaint about yesterday's lunch with an image attached (a 1×1 PNG unless given). */
export async function sendFeedbackWithImage(
  request: APIRequestContext,
  customer: TestCustomer,
  subject: string,
  mealDate: string,
  image: Buffer = PNG_BYTES,
): Promise<{ id: number }> {
  const feedback = await ok<{ id: number }>(
    await request.post('/api/feedback/', {
      headers: auth(customer.tokens),
      data: {
        feedback_type: 'food_complaint',
        subject,
        message: 'The dal was cold and the rotis were hard.',
        rating: 2,
        subscription: null,
        meal_date: mealDate,
        meal_type: 'lunch',
      },
    }),
    'send feedback',
  );
  await ok(
    await request.post(`/api/feedback/${feedback.id}/add_attachment/`, {
      headers: auth(customer.tokens),
      multipart: { file: { name: 'cold-dal.png', mimeType: 'image/png', buffer: image } },
    }),
    'add attachment',
  );
  return feedback;
}

/** Cancels an ACTIVE subscription; the server opens a PENDING refund. */
/** Cancels as the customer; `payout`: where the refund is to be paid (the cancel body). */
export async function cancelSubscription(
  request: APIRequestContext,
  customer: TestCustomer,
  subscriptionId: number,
  payout?: Record<string, string>,
) {
  await ok(
    await request.post(`/api/subscriptions/subscriptions/${subscriptionId}/cancel/`, {
      headers: auth(customer.tokens),
      ...(payout ? { data: { payout } } : {}),
    }),
    'cancel subscription',
  );
}

/** Opens the app already signed in with `tokens` (tokens live in local storage). */
export async function openSignedIn(page: Page, tokens: Tokens, pathname: string) {
  await page.goto('/contact');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('dabba.access', access);
    localStorage.setItem('dabba.refresh', refresh);
  }, tokens);
  await page.goto(pathname);
}

/** The owner signs in through the login form. */
export async function ownerLogsIn(page: Page) {
  // The owner's browser has an address of its own: logins are limited per address (30 in 5
  // minutes), and the suite signs the owner in more often than that from one machine.
  await page.setExtraHTTPHeaders(customerAddress());
  await page.goto('/login');
  await page.getByLabel(tx('Username or email')).fill(OWNER_USERNAME);
  await page.getByLabel(tx('Password'), { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: msg('auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens a business page the way its user would: its link in the header (under More when the
 * header keeps it there), or in the phone's menu when the header has no room for links.
 */
export async function openFromNav(page: Page, label: string) {
  const menuButton = page.getByRole('button', { name: msg('shell.openMenu') });
  const nav = page.getByRole('navigation', { name: msg('shell.mainNav') });
  // The links come once the session is read: the header's, or the menu button's.
  await expect(nav.getByRole('link').first().or(menuButton)).toBeVisible();
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page
      .getByRole('navigation', { name: msg('shell.mobileNav') })
      .getByRole('link', { name: label, exact: true })
      .click();
    return;
  }
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) {
    await nav.getByRole('button', { name: msg('nav.more'), exact: true }).click();
  }
  await link.click();
}

/** 'YYYY-MM-DD' in India, `offsetDays` from today. */
export function indiaDate(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** 'YYYY-MM-DD' plus `days`, as calendar dates. */
export function plusDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** How the app writes a date in the language under test: '22 Nov 2026', '22 नव॰ 2026'. */
export function displayDate(date: string): string {
  if (language() === 'en') return formatCalendarDate(date);
  return new Intl.DateTimeFormat(locale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Runs axe-core (WCAG 2.1 A/AA) and fails with the list of violations (support.ts). */
export const expectAccessible = expectNoAxeViolations;

/** A toast with this title (and message) shows. */
export async function expectNotice(page: Page, title: string, message?: string | RegExp) {
  const toast = page.locator('[data-toast]').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (message) await expect(toast).toContainText(message);
}

/** Minimal RFC 4180 reader for the exported file. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
