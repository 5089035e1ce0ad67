// One clock: with BUSINESS_TZ far from India, on a day whose date there differs from India's, the
// leave form (in a browser set to India's zone), the server and `dabba` all take "today" from the
// business's zone. A server of its own runs here, with that zone; nothing is faked: the zone is chosen
// so that, at the moment the test runs, its date is not India's.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addDays, todayIn } from '@machines/shared';
import {
  freePort,
  ROOT,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process';
import { signIn } from './support';

const INDIA = 'Asia/Kolkata';
const OWNER_PASSWORD = 'owner-clock-Passw0rd';

/** A zone far from India whose date, right now, is not India's (one of the two always differs). */
function zoneAcrossTheDateLine(now: number): string {
  const india = todayIn(INDIA, now);
  for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
    if (todayIn(zone, now) !== india) return zone;
  }
  throw new Error('no candidate zone has another date than India right now');
}

test.describe('the business clock', () => {
  let server: ServerProcess;
  let dataDir: string;
  let configDir: string;
  let zone: string;
  let base: string;

  test.beforeAll(async () => {
    zone = zoneAcrossTheDateLine(Date.now());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dabba-clock-'));
    configDir = mkdtempSync(path.join(os.tmpdir(), 'dabba-clock-cli-'));
    const port = await freePort();
    server = startServer({
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        OWNER_PASSWORD,
        BUSINESS_TZ: zone,
        LOG_LEVEL: 'warn',
      },
    });
    await waitUntilListening(server);
    base = server.url;
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  });

  async function api<T = any>(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A verified, completed customer subscribed to `planId`, and the subscription's id. */
  async function customerWithSubscription(owner: string) {
    const digits = `9${String(Date.now()).slice(-9)}`;
    const username = `clock${digits}`;
    const password = 'clock-pass-1';
    const registered = await api('POST', '/accounts/register/', {
      username,
      email: `${username}@example.com`,
      phone: `+91${digits}`,
      password,
      confirm_password: password,
      user_type: 'regular',
      first_name: 'Clock',
      last_name: 'Tester',
    });
    expect(registered.status).toBe(201);
    const sms = readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; body: string })
      .filter((message) => message.to === `+91${digits}`)
      .pop();
    const otp = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    const verified = await api('POST', '/accounts/verify-otp/', { phone: `+91${digits}`, otp });
    expect(verified.status).toBe(200);
    const token = verified.body.access as string;
    const profile = await api(
      'POST',
      '/accounts/complete-profile/',
      {
        user_type: 'regular',
        is_tiffin_user: false,
        is_mess_user: true,
        regular_profile: {
          address: '12 Station Road',
          landmark: 'Near the temple',
          pincode: '201206',
          city: 'Ghaziabad',
        },
      },
      token,
    );
    expect(profile.status).toBe(200);
    const plan = await api(
      'POST',
      '/subscriptions/plans/',
      {
        code: `CLOCK-${digits}`,
        name: 'Mess Monthly',
        description: 'Three meals a day',
        service_type: 'mess',
        duration_days: 30,
        base_price: 3000,
        included_meals: ['breakfast', 'lunch', 'dinner'],
      },
      owner,
    );
    expect(plan.status).toBe(201);
    const subscribed = await api(
      'POST',
      '/subscriptions/subscriptions/',
      { plan: plan.body.id },
      token,
    );
    expect(subscribed.status).toBe(201);
    return {
      token,
      refresh: verified.body.refresh as string,
      subscriptionId: subscribed.body.id as number,
    };
  }

  test('the leave form, the server and dabba agree on today in the business zone', async ({
    browser,
  }) => {
    const business = await api('GET', '/business/');
    expect(business.body.time_zone).toBe(zone);
    const today = todayIn(zone, Date.now());
    expect(today).not.toBe(todayIn(INDIA, Date.now()));

    const owner = (
      await api('POST', '/accounts/login/', { username: 'owner', password: OWNER_PASSWORD })
    ).body.access as string;
    const paying = await customerWithSubscription(owner);

    // dabba: the day a payment is recorded as received is today in the business zone.
    const cli = (args: string[], stdin = '') =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [path.join(ROOT, 'dist/cli.mjs'), ...args],
          { env: { PATH: process.env.PATH ?? '', DABBA_CONFIG_DIR: configDir, TZ: INDIA } },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
        child.stdin?.end(stdin);
      });
    const login = await cli(
      ['login', '--url', base, '--username', 'owner', '--password-stdin'],
      `${OWNER_PASSWORD}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
    const dryRun = await cli([
      'payments',
      'record',
      String(paying.subscriptionId),
      '--amount',
      '3000',
      '--mode',
      'cash',
      '--dry-run',
      '--json',
    ]);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(JSON.parse(dryRun.stdout).received_on).toBe(today);

    // The server: the payment, recorded for real, starts the subscription today (business zone).
    const recorded = await cli([
      'payments',
      'record',
      String(paying.subscriptionId),
      '--amount',
      '3000',
      '--mode',
      'cash',
      '--json',
    ]);
    expect(recorded.code, recorded.stderr).toBe(0);
    const active = await api(
      'GET',
      `/subscriptions/subscriptions/${paying.subscriptionId}/`,
      undefined,
      paying.token,
    );
    expect(active.body.status).toBe('ACTIVE');
    expect(active.body.start_date).toBe(today);
    // Yesterday in the business zone is a past date, whatever India's calendar says.
    const past = await api(
      'POST',
      '/subscriptions/leaves/',
      {
        subscription: paying.subscriptionId,
        leave_start_date: addDays(today, -1),
        leave_end_date: today,
        reason: 'Home',
      },
      paying.token,
    );
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('Cannot request leave for past dates');

    // The leave form, in a browser on India's clock: its first day is the business's today.
    const context = await browser.newContext({ baseURL: base, timezoneId: INDIA, locale: 'en-IN' });
    const page = await context.newPage();
    await signIn(page, { access: paying.token, refresh: paying.refresh }, '/leaves');
    await page.getByRole('button', { name: 'Request Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Leave' });
    await expect(dialog.getByLabel('Start date')).toHaveAttribute('min', today);
    await context.close();
  });
});
