// Configuration from the environment: refusals are one sentence that names the fix, and the server
// prints just that sentence (no stack trace) and exits 1.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { createMailer } from '../../server/services/mailer.js';

const SANDBOX_IN_PRODUCTION =
  'PAYMENT_PROVIDER is sandbox (the default) while NODE_ENV=production, so anyone could activate a ' +
  'subscription without paying: set PAYMENT_PROVIDER=razorpay with your Razorpay keys, or ' +
  'ALLOW_SANDBOX_PAYMENTS=1 if you really mean to run the sandbox.';

describe('loadConfig', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('refuses sandbox payments in production unless ALLOW_SANDBOX_PAYMENTS=1', () => {
    const refused: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
      { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '0' },
      { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'yes' },
    ];
    for (const env of refused) {
      expect(() => load(env)).toThrow(ConfigError);
      expect(() => load(env)).toThrow(SANDBOX_IN_PRODUCTION);
    }
    expect(load({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1' }).payments.provider).toBe(
      'sandbox',
    );
  });

  it('allows the sandbox outside production, and Razorpay in production', () => {
    // npm start and npm run demo set no NODE_ENV: a fresh machine starts on the sandbox.
    expect(load({}).payments.provider).toBe('sandbox');
    expect(load({ NODE_ENV: 'development' }).payments.provider).toBe('sandbox');
    const razorpay = load({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'live-secret',
    });
    expect(razorpay.payments).toMatchObject({ provider: 'razorpay', keyId: 'rzp_live_key' });
  });

  it('sends e-mail from the business by default (BUSINESS_NAME <BUSINESS_EMAIL>)', async () => {
    expect(load({}).mailFrom).toBe('Dabba Mess & Tiffin <hello@dabba.local>');
    const business = load({
      BUSINESS_NAME: 'Annapurna Tiffins',
      BUSINESS_EMAIL: 'hi@annapurna.in',
    });
    expect(business.mailFrom).toBe('Annapurna Tiffins <hi@annapurna.in>');
    // A comma or quote would split the name into addresses unless it is quoted.
    const comma = load({ BUSINESS_NAME: 'Sharma "Ji" Mess, Kanpur', BUSINESS_EMAIL: 'a@b.in' });
    expect(comma.mailFrom).toBe('"Sharma \\"Ji\\" Mess, Kanpur" <a@b.in>');
    expect(load({ MAIL_FROM: 'Kitchen <k@b.in>', BUSINESS_NAME: 'X' }).mailFrom).toBe(
      'Kitchen <k@b.in>',
    );

    // What a customer's mail program shows: the business's name and address.
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'dabba-mail-from-'));
    try {
      const log = { info: () => {} } as unknown as FastifyBaseLogger;
      for (const [config, shown] of [
        [business, 'From: Annapurna Tiffins <hi@annapurna.in>'],
        [comma, 'From: "Sharma \\"Ji\\" Mess, Kanpur" <a@b.in>'],
      ] as const) {
        const mailer = createMailer({
          smtpUrl: null,
          from: config.mailFrom,
          dataDir: outboxDir,
          log,
        });
        await mailer.send({ to: 'c@example.com', subject: 'Hello', text: 'Hi' });
        const mailDir = path.join(outboxDir, 'outbox', 'mail');
        const newest = readdirSync(mailDir).sort().at(-1)!;
        const headers = readFileSync(path.join(mailDir, newest), 'utf8').split('\r\n');
        expect(headers).toContain(shown);
        rmSync(mailDir, { recursive: true });
      }
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('throws a ConfigError for every invalid setting', () => {
    expect(() => load({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => load({ DATABASE_URL: 'mysql://db' })).toThrow(ConfigError);
    expect(() => load({ PAYMENT_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => load({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(ConfigError);
    expect(() => load({ SMS_PROVIDER: 'pigeon' })).toThrow(ConfigError);
    expect(() => load({ WHATSAPP_TOKEN: 'token' })).toThrow(ConfigError);
    expect(() => load({ WHATSAPP_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      /WHATSAPP_APP_SECRET/,
    );
    expect(() => load({ WHATSAPP_TIER: '0' })).toThrow(ConfigError);
    expect(() => load({ WHATSAPP_TIER: 'lots' })).toThrow(ConfigError);
  });

  it('sends WhatsApp to the outbox unless the Cloud API is configured; tier 250 by default', () => {
    expect(load({}).whatsapp).toMatchObject({
      mode: 'outbox',
      tier: 250,
      apiUrl: 'https://graph.facebook.com/v21.0',
    });
    expect(
      load({
        WHATSAPP_TOKEN: 'token',
        WHATSAPP_PHONE_NUMBER_ID: '1065',
        WHATSAPP_APP_SECRET: 'secret',
        WHATSAPP_TIER: 'unlimited',
        WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0/',
      }).whatsapp,
    ).toMatchObject({ mode: 'cloud', tier: null, apiUrl: 'http://127.0.0.1:9/v21.0' });
    expect(load({ WHATSAPP_TIER: '10000' }).whatsapp.tier).toBe(10000);
  });

  it("waits the spec's 60 s between two codes to one phone unless told otherwise", () => {
    expect(load({}).otpResendCooldownSeconds).toBe(60);
    expect(load({ OTP_RESEND_COOLDOWN_SECONDS: '15' }).otpResendCooldownSeconds).toBe(15);
    expect(() => load({ OTP_RESEND_COOLDOWN_SECONDS: 'a minute' })).toThrow(ConfigError);
    expect(() => load({ OTP_RESEND_COOLDOWN_SECONDS: '-1' })).toThrow(ConfigError);
  });
});

describe('server start-up with a bad configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-config-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints only the sentence, without a stack trace, and exits 1', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'server/main.ts')],
      {
        cwd: root,
        // Only what the start needs, so nothing from the test run (DATABASE_URL…) leaks in.
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          // Were the refusal gone, the server would start: on a free port, and stopped by the timeout.
          PORT: '0',
          SCHEDULER: 'off',
        },
        timeout: 15_000,
      },
    );
    const failure = await run.then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(failure).not.toBeNull();
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toBe(`${SANDBOX_IN_PRODUCTION}\n`);
    expect(failure?.stdout).toBe('');
  });
});
