// Shared helpers for the browser journeys: outbox readers, API shortcuts, axe.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const OWNER_PASSWORD = 'owner-e2e-Passw0rd';
/** The server under test is GST-registered in Uttar Pradesh (playwright.config.ts). */
export const E2E_GSTIN = '09AAACH7409R1ZZ';
/** Its FSSAI licence number, printed on every receipt, invoice and credit note. */
export const E2E_FSSAI = '20926999000123';
const require = createRequire(import.meta.url);

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return dir;
}

/**
 * The long journeys (the whole customer journey, payment links, walk-ins, counter payments) are
 * written for two widths, and run in English and in Hindi. The suite runs each width once, the
 * desktop in English and the 360 px phone in Hindi, so both widths and both languages are checked;
 * LONG_JOURNEYS=1 (`npm run bench:web`) runs every width in both languages.
 */
export const LONG_JOURNEYS = process.env.LONG_JOURNEYS === '1';

/** Call first in a long journey's test: skips its other-language run at this width in the suite. */
export function oneLanguagePerWidth(phone: boolean) {
  const hindi = test.info().project.name === 'hindi';
  test.skip(
    !LONG_JOURNEYS && hindi !== phone,
    `the suite runs this width in ${phone ? 'Hindi' : 'English'} only; LONG_JOURNEYS=1 runs both`,
  );
}

let sequence = 0;

export interface Customer {
  username: string;
  email: string;
  /** The 10 digits typed in the form. */
  localPhone: string;
  /** As stored: +91 and the 10 digits. */
  phone: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: 'student' | 'regular';
}

/**
 * Customers the tests create through the API stand for people on their own phones: each gets its
 * own address (the e2e server trusts one proxy hop), so the suite does not run into the per-IP
 * limits on registration, OTP and login that one browser's address would.
 */
let addressSequence = 0;
export function customerAddress(): Record<string, string> {
  addressSequence += 1;
  return {
    'X-Forwarded-For': `10.${process.pid % 250}.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`,
  };
}

export function newCustomer(userType: 'student' | 'regular' = 'student'): Customer {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000}${sequence}`.padStart(8, '0').slice(-8);
  const username = `e2e_${stamp}_${sequence}`;
  const localPhone = `9${stamp}${sequence % 10}`.slice(0, 10);
  return {
    username,
    email: `${username}@example.com`,
    localPhone,
    phone: `+91${localPhone}`,
    password: 'secret-Pass1',
    firstName: 'Asha',
    lastName: 'Verma',
    userType,
  };
}

/** Which code an SMS carries: phone verification (notice.otp) or phone sign-in. */
export type OtpKind = 'verify' | 'sign_in';
const OTP_SMS_KEYS: Record<OtpKind, string> = {
  verify: 'notice.otp.sms',
  sign_in: 'notice.sign_in_code.sms',
};

/**
 * The OTP SMS of `kind` in each language the server writes it (server/locales/*.json; the text
 * follows the user's saved language), as patterns that capture the code.
 */
function otpSmsPatterns(kind: OtpKind): RegExp[] {
  const dir = path.resolve(import.meta.dirname, '../../server/locales');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, string>)[
          OTP_SMS_KEYS[kind]
        ],
    )
    .filter(
      (message): message is string => typeof message === 'string' && message.includes('{code}'),
    )
    .map((message) => new RegExp(message.split('{code}').map(escape).join('(\\d{6})')));
  if (patterns.length === 0) throw new Error(`No ${OTP_SMS_KEYS[kind]} in server/locales`);
  return patterns;
}

/**
 * The latest code of `kind` texted to `phone` (E.164), from DATA_DIR/outbox/sms.jsonl, in any
 * language.
 */
export async function readOtp(phone: string, kind: OtpKind = 'verify'): Promise<string> {
  const file = path.join(dataDir(), 'outbox', 'sms.jsonl');
  const patterns = otpSmsPatterns(kind);
  const codeIn = (body: string) =>
    patterns.map((pattern) => pattern.exec(body)?.[1]).find((code) => code !== undefined) ?? null;
  let otp: string | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return null;
        const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
        const mine = lines
          .map((line) => JSON.parse(line) as { to: string; body: string })
          .filter((message) => message.to === phone && codeIn(message.body) !== null);
        otp = mine.length > 0 ? codeIn(mine.at(-1)!.body) : null;
        return otp;
      },
      { timeout: 10_000, message: `an OTP SMS to ${phone}` },
    )
    .not.toBeNull();
  return otp as unknown as string;
}

/** Quoted-printable body → text: join soft line breaks, then decode =XX bytes as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!;
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * An .eml file as text: a base64 body (which a mail mostly in Devanagari gets) decoded after its
 * headers, anything else read as quoted-printable.
 */
function decodedMail(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = split < 0 ? eml : eml.slice(0, split);
  if (!/^Content-Transfer-Encoding:\s*base64/im.test(headers)) return decodeQuotedPrintable(eml);
  const body = Buffer.from(eml.slice(split).replace(/\s+/g, ''), 'base64').toString('utf8');
  return `${headers}\n\n${body}`;
}

/** The newest e-mail to `email` whose text contains `needle`, from DATA_DIR/outbox/mail/*.eml. */
export async function readMail(email: string, needle: RegExp): Promise<string> {
  const dir = path.join(dataDir(), 'outbox', 'mail');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return null;
        const files = readdirSync(dir)
          .filter((name) => name.endsWith('.eml'))
          .sort();
        for (const name of files.reverse()) {
          const text = decodedMail(readFileSync(path.join(dir, name), 'utf8'));
          if (text.toLowerCase().includes(email.toLowerCase()) && needle.test(text)) {
            found = text;
            return found;
          }
        }
        return null;
      },
      { timeout: 10_000, message: `an e-mail to ${email} matching ${needle}` },
    )
    .not.toBeNull();
  return found as unknown as string;
}

export async function readResetLink(email: string): Promise<string> {
  const mail = await readMail(email, /reset-password\//);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\/[^\s"<>]+/)?.[0];
  if (!link) throw new Error('No reset link in the e-mail');
  return link;
}

type Tokens = { access: string; refresh: string };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  const body = await response.text();
  expect(response.ok(), `${what}: ${response.status()} ${body}`).toBeTruthy();
  return (body ? JSON.parse(body) : null) as T;
}

/** Registers through the API; optionally verifies the OTP and completes the profile. */
export async function apiCustomer(
  request: APIRequestContext,
  options: {
    verify?: boolean;
    complete?: 'mess' | 'tiffin' | false;
    userType?: 'student' | 'regular';
    /** A first name of the journey's own, where two customers must read apart on a screen. */
    firstName?: string;
  } = {},
): Promise<{ customer: Customer; tokens: Tokens | null }> {
  const customer = newCustomer(options.userType ?? 'student');
  if (options.firstName) customer.firstName = options.firstName;
  const address = customerAddress();
  await json(
    await request.post('/api/accounts/register/', {
      headers: address,
      data: {
        username: customer.username,
        email: customer.email,
        phone: customer.phone,
        password: customer.password,
        confirm_password: customer.password,
        user_type: customer.userType,
        first_name: customer.firstName,
        last_name: customer.lastName,
      },
    }),
    'register',
  );
  if (options.verify === false) return { customer, tokens: null };
  const otp = await readOtp(customer.phone);
  const verified = await json<Tokens>(
    await request.post('/api/accounts/verify-otp/', {
      headers: address,
      data: { phone: customer.phone, otp },
    }),
    'verify-otp',
  );
  if (options.complete) {
    const student = customer.userType === 'student';
    await json(
      await request.post('/api/accounts/complete-profile/', {
        headers: { Authorization: `Bearer ${verified.access}` },
        data: {
          user_type: customer.userType,
          is_tiffin_user: options.complete === 'tiffin',
          is_mess_user: options.complete === 'mess',
          ...(student
            ? {
                student_profile: {
                  institute: 'KIET',
                  student_id: 'KIET-1001',
                  hostel: 'Block A, Room 12',
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
      }),
      'complete-profile',
    );
  }
  return { customer, tokens: { access: verified.access, refresh: verified.refresh } };
}

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  return json<Tokens>(
    await request.post('/api/accounts/login/', {
      data: { username, password },
      headers: customerAddress(),
    }),
    `login ${username}`,
  );
}

let cachedOwner: { tokens: Tokens; at: number } | null = null;

/**
 * The owner's tokens: logged in once per worker (logins are rate limited) and again before the
 * access token's 15 minutes run out, since one worker runs many files in a row.
 */
export async function ownerSession(request: APIRequestContext): Promise<Tokens> {
  if (!cachedOwner || Date.now() - cachedOwner.at > 10 * 60 * 1000) {
    cachedOwner = { tokens: await apiLogin(request, 'owner', OWNER_PASSWORD), at: Date.now() };
  }
  return cachedOwner.tokens;
}

export async function ownerToken(request: APIRequestContext): Promise<string> {
  return (await ownerSession(request)).access;
}

export interface PlanSpec {
  code: string;
  name: string;
  service_type: 'mess' | 'tiffin';
  base_price: number;
  duration_days: number;
  included_meals: Array<'breakfast' | 'lunch' | 'dinner'>;
  /** The owner's Hindi name, shown to readers of Hindi. */
  name_hi?: string;
}

/** Creates the plan as the owner unless a plan with that code exists. Answers its id. */
export async function ensurePlan(request: APIRequestContext, plan: PlanSpec): Promise<number> {
  const existing = await json<Array<{ id: number; code: string }>>(
    await request.get('/api/subscriptions/plans/'),
    'list plans',
  );
  const found = existing.find((item) => item.code === plan.code);
  if (found) return found.id;
  const token = await ownerToken(request);
  const created = await json<{ id: number }>(
    await request.post('/api/subscriptions/plans/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...plan, description: `${plan.name}: fresh meals every day.`, is_active: true },
    }),
    'create plan',
  );
  return created.id;
}

/** Opens the app signed in with `tokens` (as if the user had logged in earlier). */
export async function signIn(page: Page, tokens: Tokens, path = '/dashboard') {
  await page.goto('/contact');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('dabba.access', access);
    localStorage.setItem('dabba.refresh', refresh);
  }, tokens);
  await page.goto(path);
}

/** axe-core's source, read once per worker. */
let axeSource: string | null = null;

/** Runs axe-core on the page (WCAG 2 A and AA) and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // Evaluated over the DevTools protocol: the page's CSP refuses injected <script> tags, rightly.
  // Once per document: a dialog checked after its page finds axe there already.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  // Let entrance animations finish so colours are measured at rest: every animation that ends
  // (the page's 0.4 s entrance, a dialog's or a toast's), not the spinners that never do.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<any> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only the violations are read: axe skips collecting every node that passed.
      resultTypes: ['violations'],
    });
    return result.violations.map((violation: any) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node: any) => node.target.join(' ')),
    }));
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/** 'YYYY-MM-DD' in India, `offsetDays` from today. */
export function isoDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** A tiny valid PNG (1×1, red). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A toast with this title (and message, if given) is showing. */
export async function expectToast(page: Page, title: string, message?: string | RegExp) {
  const toast = page.locator('[data-toast]').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (message) await expect(toast).toContainText(message);
}

/** Subscribes the customer to `planId` and pays in the sandbox: an ACTIVE subscription's id. */
export async function apiPaidSubscription(
  request: APIRequestContext,
  access: string,
  planId: number,
): Promise<number> {
  const headers = { Authorization: `Bearer ${access}` };
  const subscription = await json<{ id: number }>(
    await request.post('/api/subscriptions/subscriptions/', { headers, data: { plan: planId } }),
    'subscribe',
  );
  const order = await json<{ order_id: string }>(
    await request.post('/api/payments/orders/', {
      headers,
      data: { subscription: subscription.id },
    }),
    'order',
  );
  const paid = await json<Record<string, string>>(
    await request.post('/api/payments/sandbox/pay/', {
      headers,
      data: { order_id: order.order_id, outcome: 'success' },
    }),
    'sandbox pay',
  );
  await json(
    await request.post('/api/payments/orders/verify_payment/', { headers, data: paid }),
    'verify payment',
  );
  return subscription.id;
}

/** With E2E_SHOTS set, a full-page screenshot of `page` as `name`.png in that folder. */
export async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** The claim link (a walk-in's, or a staff invite's) last texted to `phone` (E.164), from the outbox. */
export async function readClaimPath(phone: string): Promise<string> {
  const file = path.join(dataDir(), 'outbox', 'sms.jsonl');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return null;
        const mine = readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string; body: string })
          .filter((message) => message.to === phone);
        found = mine.at(-1)?.body.match(/\/claim\/[A-Za-z0-9_-]+/)?.[0] ?? null;
        return found;
      },
      { timeout: 10_000, message: `a claim link texted to ${phone}` },
    )
    .not.toBeNull();
  return found as unknown as string;
}
