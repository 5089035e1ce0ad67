// Configuration comes from the environment only; docs/configuration.md lists every variable.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from './errors.js';
import {
  GST_STATES,
  GSTIN_PATTERN,
  gstinCheckCharacter,
  type GstSettings,
} from './platform/gst.js';
import { prepareDataDir } from './platform/storage.js';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@machines/shared';

type PaymentProviderName = 'sandbox' | 'razorpay';

/** An S3-compatible bucket for feedback photos (ATTACHMENT_STORE=s3). */
export interface S3Settings {
  /** S3_URL: the server of an S3-compatible service; null for AWS S3 itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both or neither; without them the AWS SDK finds credentials itself (variables, a role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** host/bucket/key instead of bucket.host/key: what S3-compatible servers expect. */
  forcePathStyle: boolean;
}

/** Where feedback photos are kept; see server/platform/attachments/ and docs/operations.md. */
export type AttachmentStoreSettings =
  { store: 'local' } | { store: 'database' } | { store: 's3'; s3: S3Settings };

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
  /** WhatsApp (docs/rules/whatsapp.md): the Cloud API when a token and phone number id are set. */
  whatsapp: {
    mode: 'cloud' | 'outbox';
    token: string | null;
    phoneNumberId: string | null;
    /** Signs the webhooks (X-Hub-Signature-256); without it the webhook refuses every call. */
    appSecret: string | null;
    verifyToken: string | null;
    /** The Graph API's base, with its version (or the sandbox's address). */
    apiUrl: string;
    /** Unique recipients per rolling 24 hours (Meta's messaging tier); null: unlimited. */
    tier: number | null;
    /** Messages per second this instance sends at most. */
    ratePerSecond: number;
  };
  payments: {
    provider: PaymentProviderName;
    keyId: string;
    keySecret: string;
    webhookSecret: string | null;
    razorpayApiUrl: string;
    /** The provider makes counter QR codes (Razorpay's QR Codes API, on demand per account). */
    qrCodes: boolean;
  };
  business: {
    name: string;
    email: string;
    phone: string;
    address: string;
    gstin: string | null;
    /** The FSSAI licence or registration number, 14 digits, printed on every bill; null unset. */
    fssai: string | null;
    instagram: string | null;
    mapUrl: string | null;
    /**
     * The language of an account the owner makes when they do not say which (a walk-in, a staff
     * member): its invite SMS and later notices are written in it (BUSINESS_LANGUAGE).
     */
    language: 'en' | 'hi';
  };
  webDir: string;
  /** Fastify's trustProxy: false, a hop counter, or the proxies' addresses/CIDRs. */
  trustProxy: false | ((address: string, hop: number) => boolean) | string[];
  /** Run the in-process daily jobs (expiry, reminders, retries). Tests turn it off. */
  scheduler: boolean;
  /** The wait between two codes texted to one phone (the spec's 60 s unless set). */
  otpResendCooldownSeconds: number;
  logLevel: string;
  attachments: AttachmentStoreSettings;
  /** With BUSINESS_GSTIN: receipts are tax invoices (server/platform/gst.ts); null: plain receipts. */
  gst: GstSettings | null;
}

type Env = Record<string, string | undefined>;

/** A setting the server cannot start with; its message is one sentence that names the fix. */
/** A setting the person running Dabba must fix: main.ts prints its one sentence and exits 1. */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

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
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new ConfigError(`${name} must be a whole number`);
  return parsed;
}

/**
 * TRUST_PROXY=N trusts N proxies in front of the server, so the client's address is the Nth
 * X-Forwarded-For entry from the right; the leftmost entries are whatever the client sent.
 * A list of addresses or CIDRs trusts exactly those proxies.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    // Fastify treats a bare number as "trust nobody"; a function states the hop count explicitly.
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) return entries;
  throw new Error(
    'TRUST_PROXY must be the number of proxies in front of Dabba (e.g. 1) or a comma-separated list of their addresses',
  );
}

/**
 * `Name <address>` for a From header. A name with characters an address header gives meaning to
 * (a comma, a dot, quotes, brackets: "Sharma's Mess, Kanpur") is quoted, so mail clients show the
 * whole name rather than splitting it into several addresses.
 */
function mailbox(name: string, address: string): string {
  const plain = /^[\p{L}\p{N}!#$%&'*+\-/=?^_`{|}~ ]+$/u.test(name);
  const display = plain ? name : `"${name.replace(/["\\]/g, '\\$&')}"`;
  return `${display} <${address}>`;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

const S3_VARIABLES = [
  'S3_URL',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** ATTACHMENT_STORE and, for s3, the bucket's S3_* settings. */
export function parseAttachmentStore(env: Env): AttachmentStoreSettings {
  const store = nonEmpty(env.ATTACHMENT_STORE) ?? 'local';
  if (store !== 'local' && store !== 'database' && store !== 's3') {
    throw new ConfigError('ATTACHMENT_STORE must be local, database or s3');
  }
  if (store !== 's3') {
    // Photos silently landing on one instance's disk while a bucket was meant is worse than a refusal.
    const stray = S3_VARIABLES.find((name) => nonEmpty(env[name]));
    if (stray) {
      throw new ConfigError(
        `${stray} is set but ATTACHMENT_STORE is ${store}: set ATTACHMENT_STORE=s3 to keep feedback photos in the bucket, or unset ${stray}.`,
      );
    }
    return { store };
  }
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) {
    throw new ConfigError(
      'ATTACHMENT_STORE=s3 needs S3_BUCKET, the bucket to keep feedback photos in',
    );
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    );
  }
  const endpoint = nonEmpty(env.S3_URL);
  if (endpoint !== null) {
    let protocol = '';
    try {
      protocol = new URL(endpoint).protocol;
    } catch {
      // Reported below.
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new ConfigError(
        'S3_URL must be the http:// or https:// address of the S3-compatible server, e.g. https://s3.example.com',
      );
    }
  }
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials",
    );
  }
  return {
    store,
    s3: {
      endpoint,
      bucket,
      region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: endpoint !== null,
    },
  };
}

const GST_VARIABLES = [
  'GST_RATE',
  'GST_SAC',
  'GST_PLACE_OF_SUPPLY',
  'GST_PRICES_INCLUDE_TAX',
] as const;

/** BUSINESS_GSTIN and the GST_* settings of tax invoices; null without a GSTIN. */
function parseGst(env: Env): GstSettings | null {
  const gstin = nonEmpty(env.BUSINESS_GSTIN)?.toUpperCase() ?? null;
  if (gstin === null) {
    // Tax settings without a GSTIN would do nothing, or charge tax no invoice declares.
    const stray = GST_VARIABLES.find((name) => nonEmpty(env[name]));
    if (stray) {
      throw new ConfigError(
        `${stray} is set but BUSINESS_GSTIN is not: receipts become tax invoices only with the business's GSTIN, so set BUSINESS_GSTIN or unset ${stray}.`,
      );
    }
    return null;
  }
  if (!GSTIN_PATTERN.test(gstin)) {
    throw new ConfigError(
      'BUSINESS_GSTIN must be a GSTIN: 15 characters, the 2-digit state code, the 10-character PAN, the entity number, Z and a check character, e.g. 09AAACH7409R1ZZ',
    );
  }
  const stateCode = gstin.slice(0, 2);
  if (!GST_STATES[stateCode]) {
    throw new ConfigError(
      `BUSINESS_GSTIN starts with ${stateCode}, which is no GST state code (01 to 38, or 97): check the GSTIN on the GST registration certificate.`,
    );
  }
  const check = gstinCheckCharacter(gstin);
  if (gstin[14] !== check) {
    throw new ConfigError(
      `BUSINESS_GSTIN ${gstin} fails its check character (the last one should be ${check}): check it for a typing mistake against the GST registration certificate.`,
    );
  }
  const rateText = nonEmpty(env.GST_RATE) ?? '5';
  const rate = Number(rateText);
  if (!/^\d+(\.\d{1,2})?$/.test(rateText) || rate > 28) {
    throw new ConfigError(
      'GST_RATE must be the total GST rate in percent, from 0 to 28 with at most two decimals (e.g. 5 for CGST 2.5% + SGST 2.5%)',
    );
  }
  const sac = nonEmpty(env.GST_SAC) ?? '996331';
  if (!/^(\d{4}|\d{6}|\d{8})$/.test(sac)) {
    throw new ConfigError(
      'GST_SAC must be the HSN/SAC code of the service: 4, 6 or 8 digits (996331 for restaurant and mess services)',
    );
  }
  const placeText = nonEmpty(env.GST_PLACE_OF_SUPPLY);
  let placeOfSupplyCode = stateCode;
  if (placeText !== null) {
    const code = /^\d{1,2}$/.test(placeText)
      ? placeText.padStart(2, '0')
      : Object.keys(GST_STATES).find(
          (key) => GST_STATES[key]!.toLowerCase() === placeText.toLowerCase(),
        );
    if (!code || !GST_STATES[code]) {
      throw new ConfigError(
        'GST_PLACE_OF_SUPPLY must be a state: its GST state code (09) or its name (Uttar Pradesh)',
      );
    }
    if (code !== stateCode) {
      throw new ConfigError(
        `GST_PLACE_OF_SUPPLY is ${GST_STATES[code]} (${code}) but BUSINESS_GSTIN is registered in ${GST_STATES[stateCode]} (${stateCode}): Dabba issues intra-state invoices (CGST + SGST) only, so the place of supply must be the GSTIN's state; unset GST_PLACE_OF_SUPPLY to use it.`,
      );
    }
    placeOfSupplyCode = code;
  }
  const inclusive = nonEmpty(env.GST_PRICES_INCLUDE_TAX) ?? '1';
  if (inclusive !== '1' && inclusive !== '0') {
    throw new ConfigError(
      'GST_PRICES_INCLUDE_TAX must be 1 (plan prices include GST) or 0 (GST is added to plan prices)',
    );
  }
  return {
    gstin,
    placeOfSupplyCode,
    sac,
    rateBasisPoints: Math.round(rate * 100),
    pricesIncludeTax: inclusive === '1',
  };
}

/**
 * BUSINESS_FSSAI: the 14-digit FSSAI licence or registration number every food business prints on
 * its receipts, invoices and bills (FSSAI order of 8 June 2021); null when unset.
 */
function parseFssai(env: Env): string | null {
  const number = nonEmpty(env.BUSINESS_FSSAI);
  if (number === null) return null;
  if (!/^\d{14}$/.test(number)) {
    throw new ConfigError(
      'BUSINESS_FSSAI must be the FSSAI licence or registration number: exactly 14 digits, as on the FSSAI certificate, e.g. 20926999000123',
    );
  }
  return number;
}

/** BUSINESS_LANGUAGE: en (the default) or hi. */
function parseBusinessLanguage(env: Env): 'en' | 'hi' {
  const language = nonEmpty(env.BUSINESS_LANGUAGE)?.toLowerCase() ?? 'en';
  if (language !== 'en' && language !== 'hi') {
    throw new ConfigError('BUSINESS_LANGUAGE must be en (English) or hi (Hindi)');
  }
  return language;
}

/** The Cloud API's messages endpoint lives under this Graph API version unless WHATSAPP_API_URL says. */
const WHATSAPP_GRAPH_URL = 'https://graph.facebook.com/v21.0';

function parseWhatsapp(env: Env): Config['whatsapp'] {
  const token = nonEmpty(env.WHATSAPP_TOKEN);
  const phoneNumberId = nonEmpty(env.WHATSAPP_PHONE_NUMBER_ID);
  const appSecret = nonEmpty(env.WHATSAPP_APP_SECRET);
  if ((token === null) !== (phoneNumberId === null)) {
    throw new ConfigError(
      'WhatsApp needs both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (or neither)',
    );
  }
  if (token !== null && appSecret === null) {
    throw new ConfigError(
      'WHATSAPP_TOKEN is set but WHATSAPP_APP_SECRET is not: the delivery webhooks could not be checked',
    );
  }
  const tierText = (nonEmpty(env.WHATSAPP_TIER) ?? '250').toLowerCase();
  let tier: number | null = null;
  if (tierText !== 'unlimited') {
    tier = Number(tierText);
    // Meta's tiers are 250, 1,000 and 10,000; any other positive number is taken as a tighter cap.
    if (!Number.isInteger(tier) || tier < 1) {
      throw new ConfigError('WHATSAPP_TIER must be 250, 1000, 10000 or unlimited');
    }
  }
  return {
    mode: token !== null ? 'cloud' : 'outbox',
    token,
    phoneNumberId,
    appSecret,
    verifyToken: nonEmpty(env.WHATSAPP_VERIFY_TOKEN),
    apiUrl: (nonEmpty(env.WHATSAPP_API_URL) ?? WHATSAPP_GRAPH_URL).replace(/\/+$/, ''),
    tier,
    ratePerSecond: intFrom(env.WHATSAPP_RATE_PER_SECOND, 20, 'WHATSAPP_RATE_PER_SECOND'),
  };
}

export const dataDirFrom = (env: Env = process.env): string =>
  path.resolve(env.DATA_DIR ?? './data');

export function loadConfig(env: Env = process.env): Config {
  const port = intFrom(env.PORT, 8000, 'PORT');
  const dataDir = dataDirFrom(env);
  prepareDataDir(dataDir);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const provider = (nonEmpty(env.PAYMENT_PROVIDER) ?? 'sandbox') as PaymentProviderName;
  if (provider !== 'sandbox' && provider !== 'razorpay') {
    throw new ConfigError('PAYMENT_PROVIDER must be sandbox or razorpay');
  }
  // The sandbox signs any checkout it is asked to, so in production it would give meals away.
  if (
    provider === 'sandbox' &&
    env.NODE_ENV === 'production' &&
    env.ALLOW_SANDBOX_PAYMENTS !== '1'
  ) {
    throw new ConfigError(
      'PAYMENT_PROVIDER is sandbox (the default) while NODE_ENV=production, so anyone could activate a ' +
        'subscription without paying: set PAYMENT_PROVIDER=razorpay with your Razorpay keys, or ' +
        'ALLOW_SANDBOX_PAYMENTS=1 if you really mean to run the sandbox.',
    );
  }
  let keyId = nonEmpty(env.RAZORPAY_KEY_ID);
  let keySecret = nonEmpty(env.RAZORPAY_KEY_SECRET);
  if (provider === 'razorpay' && (!keyId || !keySecret)) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    );
  }
  keyId ??= 'rzp_test_sandbox';
  keySecret ??= readOrCreateSecret(dataDir, 'sandbox-key-secret');
  const smsProvider = (nonEmpty(env.SMS_PROVIDER) ?? 'outbox') as Config['sms']['provider'];
  if (smsProvider !== 'outbox' && smsProvider !== 'twilio') {
    throw new ConfigError('SMS_PROVIDER must be outbox or twilio');
  }
  if (
    smsProvider === 'twilio' &&
    !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM)
  ) {
    throw new ConfigError(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  const whatsapp = parseWhatsapp(env);
  const jwtSecret = nonEmpty(env.JWT_SECRET) ?? readOrCreateSecret(dataDir, 'jwt-secret', 48);
  const businessName = nonEmpty(env.BUSINESS_NAME) ?? 'Dabba Mess & Tiffin';
  const businessEmail = nonEmpty(env.BUSINESS_EMAIL) ?? 'hello@dabba.local';
  const gst = parseGst(env);
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
    mailFrom: nonEmpty(env.MAIL_FROM) ?? mailbox(businessName, businessEmail),
    sms: {
      provider: smsProvider,
      twilioAccountSid: nonEmpty(env.TWILIO_ACCOUNT_SID),
      twilioAuthToken: nonEmpty(env.TWILIO_AUTH_TOKEN),
      twilioFrom: nonEmpty(env.TWILIO_FROM),
      twilioApiUrl: nonEmpty(env.TWILIO_API_URL) ?? 'https://api.twilio.com',
    },
    whatsapp,
    payments: {
      provider,
      keyId,
      keySecret,
      // The sandbox signs the webhooks of its payment links itself, so it needs a secret even
      // when none is set; Razorpay's is the one set in its dashboard.
      webhookSecret:
        nonEmpty(env.RAZORPAY_WEBHOOK_SECRET) ??
        (provider === 'sandbox' ? readOrCreateSecret(dataDir, 'sandbox-webhook-secret') : null),
      razorpayApiUrl: nonEmpty(env.RAZORPAY_API_URL) ?? 'https://api.razorpay.com',
      qrCodes: env.PAYMENT_QR_CODES !== 'off',
    },
    business: {
      name: businessName,
      email: businessEmail,
      phone: nonEmpty(env.BUSINESS_PHONE) ?? '+91 98765 43210',
      address:
        nonEmpty(env.BUSINESS_ADDRESS) ??
        'Near KIET, Delhi-Meerut Road, Ghaziabad, Uttar Pradesh 201206',
      gstin: gst?.gstin ?? null,
      fssai: parseFssai(env),
      instagram: nonEmpty(env.BUSINESS_INSTAGRAM),
      mapUrl: nonEmpty(env.BUSINESS_MAP_URL),
      language: parseBusinessLanguage(env),
    },
    webDir: path.resolve(nonEmpty(env.WEB_DIR) ?? 'dist/web'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    scheduler: env.SCHEDULER !== 'off',
    otpResendCooldownSeconds: intFrom(
      env.OTP_RESEND_COOLDOWN_SECONDS,
      OTP_RESEND_COOLDOWN_SECONDS,
      'OTP_RESEND_COOLDOWN_SECONDS',
    ),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    attachments: parseAttachmentStore(env),
    gst,
  };
}
