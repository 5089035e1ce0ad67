// Configuration comes from the environment only; see the README's configuration table.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type PaymentProviderName = 'sandbox' | 'razorpay';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  jwtSecret: string;
  businessTz: string;
  owner: {
    username: string;
    email: string;
    phone: string;
    password: string | null;
  };
  smtpUrl: string | null;
  mailFrom: string;
  sms: {
    provider: 'outbox' | 'twilio';
    twilioAccountSid: string | null;
    twilioAuthToken: string | null;
    twilioFrom: string | null;
    twilioApiUrl: string;
  };
  payments: {
    provider: PaymentProviderName;
    keyId: string;
    keySecret: string;
    webhookSecret: string | null;
    razorpayApiUrl: string;
  };
  business: {
    name: string;
    email: string;
    phone: string;
    address: string;
    gstin: string | null;
    instagram: string | null;
    mapUrl: string | null;
  };
  webDir: string;
  /** Run the in-process daily jobs (expiry, reminders, retries). Tests turn it off. */
  scheduler: boolean;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

function readOrCreateSecret(dataDir: string, fileName: string, bytes = 32): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

export function loadConfig(env: Env = process.env): Config {
  const port = intFrom(env.PORT, 8000, 'PORT');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const provider = (nonEmpty(env.PAYMENT_PROVIDER) ?? 'sandbox') as PaymentProviderName;
  if (provider !== 'sandbox' && provider !== 'razorpay') {
    throw new Error('PAYMENT_PROVIDER must be sandbox or razorpay');
  }
  let keyId = nonEmpty(env.RAZORPAY_KEY_ID);
  let keySecret = nonEmpty(env.RAZORPAY_KEY_SECRET);
  if (provider === 'razorpay' && (!keyId || !keySecret)) {
    throw new Error('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  keyId ??= 'rzp_test_sandbox';
  keySecret ??= readOrCreateSecret(dataDir, 'sandbox-key-secret');
  const smsProvider = (nonEmpty(env.SMS_PROVIDER) ?? 'outbox') as Config['sms']['provider'];
  if (smsProvider !== 'outbox' && smsProvider !== 'twilio') {
    throw new Error('SMS_PROVIDER must be outbox or twilio');
  }
  if (
    smsProvider === 'twilio' &&
    !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM)
  ) {
    throw new Error(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  const jwtSecret = nonEmpty(env.JWT_SECRET) ?? readOrCreateSecret(dataDir, 'jwt-secret', 48);
  const businessEmail = nonEmpty(env.BUSINESS_EMAIL) ?? 'hello@dabba.local';
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret,
    businessTz: nonEmpty(env.BUSINESS_TZ) ?? 'Asia/Kolkata',
    owner: {
      username: nonEmpty(env.OWNER_USERNAME) ?? 'owner',
      email: nonEmpty(env.OWNER_EMAIL) ?? 'owner@dabba.local',
      phone: nonEmpty(env.OWNER_PHONE) ?? '+919999999999',
      password: nonEmpty(env.OWNER_PASSWORD),
    },
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? `Dabba <${businessEmail}>`,
    sms: {
      provider: smsProvider,
      twilioAccountSid: nonEmpty(env.TWILIO_ACCOUNT_SID),
      twilioAuthToken: nonEmpty(env.TWILIO_AUTH_TOKEN),
      twilioFrom: nonEmpty(env.TWILIO_FROM),
      twilioApiUrl: nonEmpty(env.TWILIO_API_URL) ?? 'https://api.twilio.com',
    },
    payments: {
      provider,
      keyId,
      keySecret,
      webhookSecret: nonEmpty(env.RAZORPAY_WEBHOOK_SECRET),
      razorpayApiUrl: nonEmpty(env.RAZORPAY_API_URL) ?? 'https://api.razorpay.com',
    },
    business: {
      name: nonEmpty(env.BUSINESS_NAME) ?? 'Dabba Mess & Tiffin',
      email: businessEmail,
      phone: nonEmpty(env.BUSINESS_PHONE) ?? '+91 98765 43210',
      address:
        nonEmpty(env.BUSINESS_ADDRESS) ??
        'Near KIET, Delhi-Meerut Road, Ghaziabad, Uttar Pradesh 201206',
      gstin: nonEmpty(env.BUSINESS_GSTIN),
      instagram: nonEmpty(env.BUSINESS_INSTAGRAM),
      mapUrl: nonEmpty(env.BUSINESS_MAP_URL),
    },
    webDir: path.resolve(nonEmpty(env.WEB_DIR) ?? 'dist/web'),
    scheduler: env.SCHEDULER !== 'off',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
  };
}
