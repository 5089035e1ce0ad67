// English and Hindi: the server's catalogues, each user's language, notices in the recipient's
// language and error texts in the language the request asks for, on every database this run covers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PAYMENT_STATUS_LABELS, paymentGatewayLabel, paymentModeLabel } from '@machines/payment';
import {
  formatCalendarDate,
  isRefusalKey,
  refusal,
  formatRupees,
  refusalSentence,
  REFUSALS_HI,
  type Refusal,
} from '@machines/shared';
import { numberInHindiWords, rupeesInWords } from '../../server/platform/format.js';
import {
  CATALOGUES,
  formatDate,
  formatMoney,
  isSentenceKey,
  requestLanguage,
  translateSentence,
} from '../../server/platform/i18n.js';
import { loadReceipt, receiptHtml } from '../../server/lifecycles/payment/receipts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, registerCustomer, uniquePhone } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';
import { field, readReceiptHtml, type ReceiptDocument } from '../helpers/receipt-html.js';

/** A customer's ten digits as the receipt writes them: +91 and two groups of five. */
const shownPhone = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEVANAGARI = /[\u0900-\u097F]/;
const { en, hi } = CATALOGUES;

type Compiled = ReturnType<typeof compileMessage>;

/** A compiled message's argument names, those inside plural and select branches included. */
function placeholders(message: Compiled, names = new Set<string>()): Set<string> {
  if (typeof message === 'string') return names;
  for (const part of message) {
    if (!Array.isArray(part)) continue;
    const [name, , branches] = part as [string, string?, Record<string, unknown>?];
    names.add(name);
    if (branches && typeof branches === 'object') {
      for (const branch of Object.values(branches)) {
        if (Array.isArray(branch)) placeholders(branch as Compiled, names);
      }
    }
  }
  return names;
}

/** The words of a compiled message, without its placeholders. */
function wordsOf(message: Compiled): string {
  if (typeof message === 'string') return message;
  return message
    .map((part) =>
      typeof part === 'string'
        ? part
        : Object.values((part as [string, string?, Record<string, unknown>?])[2] ?? {})
            .filter(Array.isArray)
            .map((branch) => wordsOf(branch as Compiled))
            .join(' '),
    )
    .join(' ');
}

/** A message a person reads as a sentence: two words or more once the placeholders are gone. */
const isSentenceLike = (english: string) =>
  (wordsOf(compileMessage(english)).match(/[A-Za-z]{2,}/g) ?? []).length >= 2;

/** Every `x-messages` text of the contract. */
function contractMessages(): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-messages') {
        for (const text of Object.values(value as Record<string, string>)) found.add(text);
      } else walk(value);
    }
  };
  walk(parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')));
  return [...found];
}

/** Every refusal ({ code, key, message }) any module under machines/ exports, however deep. */
async function machineRefusals(): Promise<Refusal[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(ROOT, 'machines'));
  const found = new Set<Refusal>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (typeof record.code === 'string' && typeof record.message === 'string') {
      found.add(record as unknown as Refusal);
    }
    for (const child of Object.values(record)) visit(child);
  };
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const exported of Object.values(module)) visit(exported);
  }
  return [...found];
}

describe('the catalogues', () => {
  it('have exactly the same keys in both languages', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('compile, with no empty value and the same placeholders per key', () => {
    for (const [key, english] of Object.entries(en)) {
      const hindi = hi[key] ?? '';
      expect(english.trim(), key).not.toBe('');
      expect(hindi.trim(), key).not.toBe('');
      expect([...placeholders(compileMessage(hindi))].sort(), key).toEqual(
        [...placeholders(compileMessage(english))].sort(),
      );
    }
  });

  it('write sentences in Devanagari in Hindi', () => {
    const untranslated = Object.keys(en).filter(
      (key) => isSentenceLike(en[key]!) && !DEVANAGARI.test(hi[key]!),
    );
    expect(untranslated).toEqual([]);
  });

  it('key the API’s sentences by their English, which English answers as it is', () => {
    for (const key of Object.keys(en).filter(isSentenceKey)) expect(en[key], key).toBe(key);
  });

  it('label payment modes as the machines do in English', () => {
    for (const key of Object.keys(en).filter((k) => k.startsWith('label.payment_mode.'))) {
      const mode = key.slice('label.payment_mode.'.length);
      expect(en[key]).toBe(mode === 'offline' ? 'offline' : paymentModeLabel(mode));
    }
  });

  it('label payment gateways and statuses as the machines do in English', () => {
    const gateways = Object.keys(en).filter((k) => k.startsWith('label.payment_gateway.'));
    expect(gateways.length).toBeGreaterThan(0);
    for (const key of gateways) {
      expect(en[key]).toBe(paymentGatewayLabel(key.slice('label.payment_gateway.'.length)));
    }
    for (const [status, label] of Object.entries(PAYMENT_STATUS_LABELS)) {
      expect(en[`label.payment_status.${status}`]).toBe(label);
    }
  });

  it('name the receipt’s words by id, not by their English', () => {
    expect(isSentenceKey('receipt.phone')).toBe(false);
    expect(Object.keys(en).filter((key) => key.startsWith('receipt.')).length).toBeGreaterThan(40);
  });
});

describe('every English text of the API has its Hindi', () => {
  const inHindi = (english: string) => {
    const hindi = translateSentence('hi', english);
    return hindi !== english && DEVANAGARI.test(hindi);
  };

  it('translates every x-messages text of openapi.yaml', () => {
    const texts = contractMessages();
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => !inHindi(text))).toEqual([]);
  });

  it('writes every refusal the machines define from the catalogue, by its key', async () => {
    const refusals = await machineRefusals();
    expect(refusals.length).toBeGreaterThan(50);
    for (const refused of refusals) {
      expect(isRefusalKey(refused.key), refused.message).toBe(true);
      expect(refused.code, refused.key).toBe(refused.key.split(':')[0]);
      expect(refusalSentence('en', refused.key, refused.values)).toBe(refused.message);
      const hindi = refusalSentence('hi', refused.key, refused.values);
      expect(DEVANAGARI.test(hindi) && hindi !== refused.message, refused.key).toBe(true);
    }
  });

  it('translates sentences that carry a number or an amount, keeping them', () => {
    const amount = refusal('payment.amount_mismatch:due', { due: '₹3,000' });
    expect(refusalSentence('hi', amount.key, amount.values)).toBe(
      'राशि कम से कम ₹1 और अधिक से अधिक ₹3,000 होनी चाहिए, जितना सदस्यता पर अभी बकाया है।',
    );
    expect(translateSentence('hi', 'Too many attempts. Please try again in 5 minutes.')).toBe(
      'बहुत ज़्यादा प्रयास हो गए। कृपया 5 मिनट बाद फिर से कोशिश करें।',
    );
    expect(translateSentence('hi', 'Ensure this field has at least 8 characters.')).toBe(
      'इस फ़ील्ड में कम से कम 8 अक्षर होने चाहिए।',
    );
    expect(translateSentence('hi', '"xyz" is not a valid choice.')).toBe('"xyz" मान्य विकल्प नहीं है।');
    // English stays as it is; a sentence the catalogue does not know stays English.
    expect(translateSentence('en', 'Not found.')).toBe('Not found.');
    expect(translateSentence('hi', 'Something nobody wrote down.')).toBe(
      'Something nobody wrote down.',
    );
    expect(translateSentence('hi', 'constructor')).toBe('constructor');
  });
});

describe('dates, money and the request’s language', () => {
  it('formats dates and rupees per language', () => {
    expect(formatDate('en', '2026-11-24')).toBe('24 Nov 2026');
    expect(formatDate('hi', '2026-11-24')).toBe('24 नव॰ 2026');
    expect(formatDate('hi', null)).toBe('');
    expect(formatMoney('en', 133_300)).toBe('₹1,333');
    expect(formatMoney('hi', 133_300)).toBe('₹1,333');
    expect(formatMoney('hi', 12_345_650)).toBe('₹1,23,456.50');
  });

  it('writes amounts in words in Hindi, and English as before', () => {
    expect(rupeesInWords(150_000, 'hi')).toBe('एक हज़ार पाँच सौ रुपये मात्र');
    expect(rupeesInWords(12_345_650, 'hi')).toBe('एक लाख तेईस हज़ार चार सौ छप्पन रुपये और पचास पैसे मात्र');
    expect(rupeesInWords(100, 'hi')).toBe('एक रुपया मात्र');
    expect(rupeesInWords(1, 'hi')).toBe('एक पैसा मात्र');
    expect(rupeesInWords(0, 'hi')).toBe('शून्य रुपये मात्र');
    expect(rupeesInWords(1_001, 'hi')).toBe('दस रुपये और एक पैसा मात्र');
    expect(numberInHindiWords(12_345_678)).toBe('एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर');
    expect(numberInHindiWords(1_000_000_000)).toBe('एक सौ करोड़');
    expect(numberInHindiWords(99_099)).toBe('निन्यानवे हज़ार निन्यानवे');
    // Below a hundred every number has a word of its own, all Devanagari, none repeated.
    const below = Array.from({ length: 100 }, (_, value) => numberInHindiWords(value));
    expect(new Set(below).size).toBe(100);
    expect(below.filter((word) => !/^[\u0900-\u097F]+$/.test(word))).toEqual([]);
    expect(() => numberInHindiWords(-1)).toThrow(RangeError);
    expect(rupeesInWords(12_345_650, 'en')).toBe(rupeesInWords(12_345_650));
  });

  it('reads Accept-Language', () => {
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('hi')).toBe('hi');
    expect(requestLanguage('en')).toBe('en');
    expect(requestLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(requestLanguage('en-US,en;q=0.9')).toBe('en');
    expect(requestLanguage('fr-FR, hi;q=0.5')).toBe('hi');
    expect(requestLanguage('en;q=0.4, hi;q=0.8')).toBe('hi');
    expect(requestLanguage('hi;q=0')).toBe('en');
    expect(requestLanguage('*')).toBe('en');
  });
});

describe.each(testDatabases())('languages on %s', (dialect) => {
  let t: TestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ownerToken = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const HINDI = { 'accept-language': 'hi' };
  const notices = (userId: number, type: string) =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['channel', 'subject', 'summary', 'body'])
      .where('user_id', '=', userId)
      .where('notification_type', '=', type)
      .orderBy('id')
      .execute();
  const smsTo = (phone: string) =>
    t.smsOutbox().filter((sms) => sms.to === `+91${phone.replace(/\D/g, '').slice(-10)}`);

  describe('setLanguage', () => {
    it('saves the signed-in user’s language, shown in every User', async () => {
      const customer = await registerCustomer(t);
      const other = await registerCustomer(t);
      const profile = await t.request('GET', '/api/accounts/profile/', { token: customer.access });
      expect(profile.body.language).toBe('en');
      const saved = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: { language: 'hi' },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ id: customer.id, language: 'hi' });
      const again = await t.request('GET', '/api/accounts/profile/', { token: customer.access });
      expect(again.body.language).toBe('hi');
      // Only the caller's own row.
      const untouched = await t.request('GET', '/api/accounts/profile/', { token: other.access });
      expect(untouched.body.language).toBe('en');
      // The owner's view of a customer (AdminUser) has no language; it still answers to contract.
      const users = await t.request(
        'GET',
        `/api/accounts/owner/users/?search=${customer.username}`,
        {
          token: ownerToken,
        },
      );
      expect(users.status).toBe(200);
      const back = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: { language: 'en' },
      });
      expect(back.body.language).toBe('en');
    });

    it('refuses other values under the field, and anonymous callers', async () => {
      const customer = await registerCustomer(t);
      const wrong = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: { language: 'fr' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ language: ['Language must be en or hi'] });
      const missing = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(missing.body.language).toEqual(['Language is required']);
      const extra = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: { language: 'hi', user: 1 },
      });
      expect(extra.status).toBe(400);
      const anonymous = await t.request('PUT', '/api/accounts/language/', {
        body: { language: 'hi' },
      });
      expect(anonymous.status).toBe(401);
      const row = await t.ctx.db.kysely
        .selectFrom('users')
        .select('language')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe('en');
    });

    it('keeps the database to en and hi', async () => {
      const customer = await registerCustomer(t);
      await expect(
        t.ctx.db.kysely
          .updateTable('users')
          .set({ language: 'fr' as 'en' })
          .where('id', '=', customer.id)
          .execute(),
      ).rejects.toThrow();
    });
  });

  describe('notices in the recipient’s language', () => {
    it('texts a Hindi registration its OTP in Hindi, and an English one as before', async () => {
      const phone = uniquePhone();
      const registered = await t.request('POST', '/api/accounts/register/', {
        ip: '10.99.0.1',
        body: {
          username: `hindi${phone}`,
          email: `hindi${phone}@example.com`,
          phone: `+91${phone}`,
          password: 'tiffin7',
          confirm_password: 'tiffin7',
          user_type: 'student',
          first_name: 'Asha',
          last_name: 'Verma',
          language: 'hi',
        },
      });
      expect(registered.status).toBe(201);
      expect(registered.body.user.language).toBe('hi');
      const code = lastOtp(t, phone);
      expect(smsTo(phone).at(-1)?.body).toBe(
        `${code} आपका Dabba सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`,
      );
      const [otp] = await notices(registered.body.user.id, 'otp');
      expect(otp).toMatchObject({
        subject: 'आपका Dabba सत्यापन कोड',
        summary: 'आपके फ़ोन पर SMS से एक सत्यापन कोड भेजा गया है। यह 10 मिनट में समाप्त हो जाएगा।',
      });

      // The welcome: e-mail and SMS in Hindi too, the names as they are.
      const verified = await t.request('POST', '/api/accounts/verify-otp/', {
        ip: '10.99.0.1',
        body: { phone: `+91${phone}`, otp: code },
      });
      expect(verified.status).toBe(200);
      const welcome = await notices(registered.body.user.id, 'welcome');
      const business = t.config.business.name;
      expect(welcome.map((row) => row.subject)).toEqual([
        `${business} में आपका स्वागत है`,
        `${business} में आपका स्वागत है`,
      ]);
      expect(welcome[0]!.body).toBe(
        `नमस्ते Asha,\n\nआपका फ़ोन नंबर सत्यापित हो गया है। मेस या टिफ़िन प्लान चुनने के लिए अपनी प्रोफ़ाइल पूरी करें: ${t.config.publicUrl}/profile\n\n${business}`,
      );
      expect(smsTo(phone).at(-1)?.body).toBe(
        `${business} में आपका स्वागत है, Asha! आपका फ़ोन सत्यापित हो गया है।`,
      );

      const english = await registerCustomer(t, { verify: false });
      const englishCode = lastOtp(t, english.phone);
      expect(smsTo(english.phone).at(-1)?.body).toBe(
        `${englishCode} is your Dabba verification code. It expires in 10 minutes. Do not share it.`,
      );
      const [englishOtp] = await notices(english.id, 'otp');
      expect(englishOtp).toMatchObject({
        subject: 'Your Dabba verification code',
        summary: 'A verification code was texted to your phone. It expires in 10 minutes.',
      });
    });

    it('writes payment and leave notices in each recipient’s language, dates and rupees too', async () => {
      const shop = commerce(t, ownerToken, { codePrefix: 'I18N' });
      const hindi = await registerCustomer(t, { language: 'hi' });
      const english = await registerCustomer(t);
      const hindiPaid = await shop.activeSubscription(hindi, { base_price: 3000 });
      const englishPaid = await shop.activeSubscription(english, { base_price: 3000 });

      const [paid] = await notices(hindi.id, 'payment_success');
      expect(paid!.subject).toBe('भुगतान सफल');
      expect(paid!.summary).toMatch(
        new RegExp(
          `^हमें ${hindiPaid.plan.name} के लिए आपका ₹3,000 का भुगतान मिल गया है। ` +
            'आपकी सदस्यता \\d{1,2} \\S+ 20\\d\\d से \\d{1,2} \\S+ 20\\d\\d तक सक्रिय है।$',
        ),
      );
      expect(paid!.summary).toMatch(DEVANAGARI);
      expect(paid!.body).toMatch(/^नमस्ते Test,\n\n/);
      expect(paid!.body).toContain(`आपकी रसीद: ${t.config.publicUrl}/payments`);
      expect(smsTo(hindi.phone).at(-1)?.body).toBe(
        `${t.config.business.name}: ₹3,000 का भुगतान मिल गया, सदस्यता सक्रिय है। रसीद: ${t.config.publicUrl}/payments`,
      );
      const [englishNotice] = await notices(english.id, 'payment_success');
      expect(englishNotice!.subject).toBe('Payment successful');
      expect(englishNotice!.summary).toMatch(
        new RegExp(
          `^We received your payment of ₹3,000 for ${englishPaid.plan.name}\\. ` +
            'Your subscription is active from \\d{1,2} [A-Z][a-z]{2} 20\\d\\d to \\d{1,2} [A-Z][a-z]{2} 20\\d\\d\\.$',
        ),
      );
      // The English e-mail writes its dates as people read them too (24 Nov 2026), not as stored.
      expect(englishNotice!.body).toMatch(
        /^Hello Test,\n\nWe received your payment of ₹3,000 for .+\. Your subscription is active from \d{1,2} [A-Z][a-z]{2} 20\d\d to \d{1,2} [A-Z][a-z]{2} 20\d\d\.\n\nPayment id: \S+\nYour receipt: http:\/\/dabba\.test\/payments\n\n/,
      );
      expect(englishNotice!.body).not.toMatch(/\d{4}-\d\d-\d\d/);

      // A leave: the customer reads Hindi, an owner who chose Hindi too, an English owner English.
      const ownerHindi = await t.request('PUT', '/api/accounts/language/', {
        token: ownerToken,
        body: { language: 'hi' },
      });
      expect(ownerHindi.status).toBe(200);
      try {
        const leaveId = await shop.pendingLeave(hindi, hindiPaid.subscriptionId, {
          start: 2,
          end: 4,
        });
        const [submitted] = await notices(hindi.id, 'leave_submitted');
        expect(submitted!.subject).toBe('छुट्टी का अनुरोध भेजा गया');
        expect(submitted!.summary).toMatch(
          new RegExp(
            `^${hindiPaid.plan.name} पर \\d{1,2} \\S+ 20\\d\\d से \\d{1,2} \\S+ 20\\d\\d तक \\(3 दिन\\) ` +
              'की छुट्टी का आपका अनुरोध भेज दिया गया है और स्वीकृति की प्रतीक्षा में है।$',
          ),
        );
        const ownerRow = await t.ctx.db.kysely
          .selectFrom('users')
          .select('id')
          .where('user_type', '=', 'mess_owner')
          .executeTakeFirstOrThrow();
        const [ownerNotice] = await notices(ownerRow.id, 'leave_submitted_owner');
        expect(ownerNotice!.subject).toBe(`${hindi.username} से छुट्टी का नया अनुरोध`);
        expect(ownerNotice!.body).toContain('की छुट्टी का अनुरोध किया है। कारण: Family function');

        const approved = await shop.leaveAction(leaveId, 'approve', 'Enjoy the break');
        expect(approved.status).toBe(200);
        const [decided] = await notices(hindi.id, 'leave_approved');
        expect(decided!.subject).toBe('छुट्टी का अनुरोध स्वीकृत');
        expect(decided!.summary).toMatch(/स्वीकृत हो गई है।.* टिप्पणी: Enjoy the break$/);
      } finally {
        await t.request('PUT', '/api/accounts/language/', {
          token: ownerToken,
          body: { language: 'en' },
        });
      }
      const englishLeave = await shop.pendingLeave(english, englishPaid.subscriptionId, {
        start: 2,
        end: 2,
      });
      expect(englishLeave).toBeGreaterThan(0);
      const [englishSubmitted] = await notices(english.id, 'leave_submitted');
      expect(englishSubmitted!.summary).toMatch(
        new RegExp(
          `^Your leave request for \\d{1,2} [A-Z][a-z]{2} 20\\d\\d to \\d{1,2} [A-Z][a-z]{2} 20\\d\\d \\(1 day\\) on ${englishPaid.plan.name} was submitted and awaits approval\\.$`,
        ),
      );
      const history = await t.request('GET', '/api/notifications/events/', {
        token: hindi.access,
      });
      expect(history.status).toBe(200);
      const leaveEvent = history.body.find(
        (event: any) => event.notification_type === 'leave_approved',
      );
      expect(leaveEvent?.title).toBe('छुट्टी का अनुरोध स्वीकृत');
      expect(leaveEvent?.text).toMatch(/^\d{1,2} \S+ 20\d\d से .* टिप्पणी: Enjoy the break$/);
    });
  });

  describe('error texts in the language the request asks for', () => {
    it('answers a login failure in Hindi with Accept-Language: hi, in English without', async () => {
      const body = { username: 'nobody-here', password: 'wrong-password' };
      const hindi = await t.request('POST', '/api/accounts/login/', { body, headers: HINDI });
      expect(hindi.status).toBe(401);
      expect(hindi.body).toEqual({
        detail: 'यूज़रनेम या पासवर्ड ग़लत है। कृपया फिर से कोशिश करें।',
        error_code: 'not_authenticated',
      });
      expect(hindi.headers.vary).toContain('Accept-Language');
      const plain = await t.request('POST', '/api/accounts/login/', { body });
      expect(plain.body.detail).toBe('Invalid credentials. Please try again.');
      const english = await t.request('POST', '/api/accounts/login/', {
        body,
        headers: { 'accept-language': 'en' },
      });
      expect(english.body.detail).toBe('Invalid credentials. Please try again.');
      const anonymous = await t.request('GET', '/api/accounts/profile/', { headers: HINDI });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.detail).toBe('लॉग इन की जानकारी नहीं भेजी गई। कृपया लॉग इन करें।');
    });

    it('answers field errors in Hindi: the handler’s rules and the contract’s x-messages', async () => {
      const phone = uniquePhone();
      const form = {
        username: 'ab',
        email: `x${phone}@example.com`,
        phone: `+91${phone}`,
        password: 'tiffin7',
        confirm_password: 'tiffin8',
        user_type: 'student',
        first_name: 'Asha',
        last_name: 'Verma',
      };
      const hindi = await t.request('POST', '/api/accounts/register/', {
        body: form,
        headers: HINDI,
        ip: '10.99.0.2',
      });
      expect(hindi.status).toBe(400);
      // The contract's minLength refuses the username before the handler runs.
      expect(hindi.body).toEqual({
        username: ['यूज़रनेम कम से कम 3 अक्षरों का होना चाहिए'],
        error_code: 'invalid',
      });
      const english = await t.request('POST', '/api/accounts/register/', {
        body: form,
        ip: '10.99.0.2',
      });
      expect(english.body.username).toEqual(['Username must be at least 3 characters']);
      // The handler's own rules: a phone that starts with 5, passwords that differ.
      const rules = await t.request('POST', '/api/accounts/register/', {
        body: { ...form, username: `rules${phone}`, phone: '5123456789' },
        headers: HINDI,
        ip: '10.99.0.2',
      });
      expect(rules.status).toBe(400);
      expect(rules.body.phone).toEqual(['फ़ोन नंबर 6, 7, 8 या 9 से शुरू होना चाहिए']);
      expect(rules.body.confirm_password).toEqual(['पासवर्ड मेल नहीं खाते']);

      const customer = await registerCustomer(t);
      const contract = await t.request('PUT', '/api/accounts/language/', {
        token: customer.access,
        body: { language: 'fr' },
        headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      });
      expect(contract.body.language).toEqual(['भाषा en (अंग्रेज़ी) या hi (हिन्दी) होनी चाहिए']);
      const otp = await t.request('POST', '/api/accounts/verify-otp/', {
        body: { phone: `+91${customer.phone}`, otp: ' ' },
        headers: HINDI,
      });
      expect(otp.body.otp).toEqual(['OTP आवश्यक है: कृपया OTP दर्ज करें।']);
    });

    it('answers a machine’s refusal in Hindi, and success sentences too', async () => {
      const shop = commerce(t, ownerToken, { codePrefix: 'I18R' });
      const customer = await registerCustomer(t);
      const { subscription, subscriptionId } = await shop.pendingSubscription(customer);
      const renew = (headers: Record<string, string> = {}) =>
        t.request('POST', `/api/subscriptions/subscriptions/${subscriptionId}/renew/`, {
          token: customer.access,
          headers,
        });
      const hindi = await renew(HINDI);
      expect(hindi.status).toBe(400);
      expect(hindi.body).toEqual({
        non_field_errors: ['केवल समाप्त हो चुकी सदस्यताएँ ही रिन्यू की जा सकती हैं।'],
        error_code: 'subscription.not_expired',
      });
      const english = await renew();
      expect(english.body.non_field_errors).toEqual(['Only expired subscriptions can be renewed.']);

      // A refusal with a value, under its field: written from the catalogue by its key.
      const partly = (headers: Record<string, string> = {}) =>
        t.request('POST', '/api/payments/admin/payments/record_offline/', {
          token: ownerToken,
          body: { subscription: subscriptionId, amount: 999999, payment_mode: 'upi' },
          headers,
        });
      const due = formatRupees(Number(subscription.total_paid));
      const partHindi = await partly(HINDI);
      expect(partHindi.status).toBe(400);
      expect(partHindi.body).toEqual({
        amount: [refusalSentence('hi', 'payment.amount_mismatch:due', { due })],
        reference: [REFUSALS_HI['payment.reference_required']],
        error_code: 'payment.amount_mismatch',
      });
      expect(partHindi.body.amount[0]).toContain(due);
      const partEnglish = await partly();
      expect(partEnglish.body.amount).toEqual([
        `The amount must be at least ₹1 and at most ${due}, what the subscription still owes.`,
      ]);

      const reset = await t.request('POST', '/api/accounts/password-reset/', {
        body: { email: 'nobody@example.com' },
        headers: HINDI,
      });
      expect(reset.status).toBe(200);
      expect(reset.body.detail).toBe(
        'अगर इस ईमेल से कोई खाता है, तो पासवर्ड रीसेट करने का लिंक भेज दिया गया है।',
      );
      await t.settle();
    });
  });

  describe('the receipt and the checkout in the language the request asks for', () => {
    const GSTIN = '09AAACH7409R1ZZ';
    /** Each English word of the receipt, as the HTML writes a label, a title or a value alone. */
    const englishReceiptWords = Object.entries(en)
      .filter(
        ([key, text]) =>
          /^(receipt|label\.payment_(gateway|status))\./.test(key) && !/[{]/.test(text),
      )
      .map(([, text]) => text)
      .filter((text) => /[A-Za-z]{2}/.test(text) && !['HSN/SAC', 'Razorpay'].includes(text));
    /** The receipt's own words (title, heading, section titles, labels, footer), not its data. */
    const ownWords = (document: ReceiptDocument) => [
      document.heading.split(' · ')[0]!,
      ...[...document.sections].flatMap(([title, rows]) => [
        title,
        ...rows.map(([label]) => label),
      ]),
      document.footer,
    ];
    const receiptOf = (token: string, paymentId: number, headers: Record<string, string> = {}) =>
      t.request('GET', `/api/payments/payments/${paymentId}/receipt/`, { token, headers });

    it('writes the HTML receipt in Hindi with Accept-Language: hi, English as before, the PDF in English', async () => {
      const shop = commerce(t, ownerToken, { codePrefix: 'I18P' });
      const customer = await registerCustomer(t);
      const { plan, payment, verified } = await shop.activeSubscription(customer, {
        base_price: 1500,
      });
      const stored = await loadReceipt(t.ctx.db.kysely, t.config, payment.id);
      const { start, end } = stored!.period;
      const business = t.config.business;

      const hindi = await receiptOf(customer.access, payment.id, HINDI);
      expect(hindi.status).toBe(200);
      expect(hindi.headers['content-type']).toMatch(/^text\/html/);
      expect(hindi.headers.vary).toContain('Accept-Language');
      expect(hindi.text).toContain('<html lang="hi">');
      const document = readReceiptHtml(hindi.text);
      expect(document.title).toBe(`भुगतान की रसीद ${verified.payment.receipt_number}`);
      expect(document.heading).toBe('भुगतान की रसीद · ₹1,500');
      expect(document.business).toEqual([
        business.address,
        `फ़ोन: ${business.phone}`,
        `ईमेल: ${business.email}`,
      ]);
      expect([...document.sections.keys()]).toEqual(['रसीद', 'ग्राहक', 'सदस्यता', 'भुगतान']);
      const date = field(document, 'रसीद', 'तारीख़');
      expect(date).toBe(formatDate('hi', stored!.date));
      // A Hindi month: "24 नव॰ 2026", not "24 Nov 2026".
      expect(date).toMatch(/^\d{1,2} \S*[\u0900-\u097F]\S* 20\d\d$/);
      expect(field(document, 'रसीद', 'रसीद नंबर')).toBe(verified.payment.receipt_number);
      expect(document.sections.get('ग्राहक')).toEqual([
        ['नाम', stored!.customer.name],
        ['फ़ोन', shownPhone(customer.phone)],
        ['ईमेल', customer.email],
      ]);
      expect(document.sections.get('सदस्यता')).toEqual([
        ['प्लान', plan.name],
        ['सेवा का प्रकार', 'मेस सेवा'],
        ['अवधि', '30 दिन'],
        ['सेवा की तारीख़ें', `${formatDate('hi', start)} से ${formatDate('hi', end)} तक`],
      ]);
      expect(document.sections.get('भुगतान')).toEqual([
        ['राशि', '₹1,500'],
        ['मुद्रा', 'INR'],
        ['गेटवे', 'सैंडबॉक्स (टेस्ट)'],
        ['भुगतान का तरीका', 'सैंडबॉक्स (टेस्ट)'],
        ['ऑर्डर आईडी', verified.payment.razorpay_order_id],
        ['भुगतान आईडी', verified.payment.transaction_id],
        ['स्थिति', 'सफल'],
      ]);
      expect(document.footer).toBe('यह कंप्यूटर से बनी रसीद है और इस पर हस्ताक्षर की ज़रूरत नहीं है।');
      // No English word of the receipt's own: every label, title and the footer are Devanagari.
      expect(ownWords(document).filter((text) => /[A-Za-z]/.test(text))).toEqual([]);
      for (const word of englishReceiptWords) {
        expect(hindi.text, word).not.toContain(`>${word}<`);
      }
      expect(hindi.text).not.toMatch(/SUCCESS|Success|Sandbox|Phone|E-mail/);

      // English: without the header, or with en, exactly what the service writes by default.
      const plain = await receiptOf(customer.access, payment.id);
      const english = await receiptOf(customer.access, payment.id, { 'accept-language': 'en' });
      expect(english.text).toBe(plain.text);
      expect(plain.text).toBe(receiptHtml(stored!));
      expect(plain.text).toContain('<html lang="en">');
      const englishDocument = readReceiptHtml(plain.text);
      expect(englishDocument.heading).toBe('Payment receipt · ₹1,500');
      expect([...englishDocument.sections.keys()]).toEqual([
        'Receipt',
        'Customer',
        'Subscription',
        'Payment',
      ]);
      expect(field(englishDocument, 'Receipt', 'Date')).toBe(formatCalendarDate(stored!.date));
      expect(field(englishDocument, 'Customer', 'Phone')).toBe(shownPhone(customer.phone));
      expect(field(englishDocument, 'Payment', 'Gateway')).toBe('Sandbox (test)');
      expect(field(englishDocument, 'Payment', 'Status')).toBe('Success');
      expect(englishDocument.footer).toBe(
        'This is a computer-generated receipt and needs no signature.',
      );

      // The PDF is English whatever the request asks for: pdfkit cannot shape Devanagari.
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/payments/payments/${payment.id}/receipt_pdf/`,
        headers: { authorization: `Bearer ${customer.access}`, ...HINDI },
      });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Payment receipt');
      expect(text).toContain('Phone');
      expect(text).toContain('Success');
      expect(text).not.toMatch(DEVANAGARI);
    });

    it('writes a tax invoice in Hindi, its amount in words too', async () => {
      const gst = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
      try {
        const owner = await loginOwner(gst);
        const shop = commerce(gst, owner, { codePrefix: 'I18G' });
        const customer = await registerCustomer(gst);
        const { payment, verified } = await shop.activeSubscription(customer, { base_price: 1500 });
        const answer = await gst.request('GET', `/api/payments/payments/${payment.id}/receipt/`, {
          token: customer.access,
          headers: HINDI,
        });
        expect(answer.status).toBe(200);
        const document = readReceiptHtml(answer.text);
        expect(document.heading).toBe('टैक्स इनवॉइस · ₹1,500');
        expect(document.business).toContain(`GSTIN: ${GSTIN}`);
        expect([...document.sections.keys()]).toEqual([
          'इनवॉइस',
          'प्राप्तकर्ता',
          'सदस्यता',
          'टैक्स',
          'भुगतान',
        ]);
        expect(document.sections.get('इनवॉइस')).toEqual([
          ['इनवॉइस नंबर', verified.payment.receipt_number],
          ['इनवॉइस की तारीख़', formatDate('hi', gst.ctx.today())],
          ['आपूर्ति का स्थान', 'Uttar Pradesh (09)'],
          ['रिवर्स चार्ज', 'नहीं'],
        ]);
        expect(document.sections.get('टैक्स')).toEqual([
          ['HSN/SAC कोड', '996331'],
          ['कर योग्य मूल्य', '₹1,428.58'],
          ['CGST @ 2.5%', '₹35.71'],
          ['SGST @ 2.5%', '₹35.71'],
          ['कुल', '₹1,500.00'],
          ['राशि शब्दों में', 'एक हज़ार पाँच सौ रुपये मात्र'],
        ]);
        expect(document.footer).toBe('यह कंप्यूटर से बना इनवॉइस है और इस पर हस्ताक्षर की ज़रूरत नहीं है।');
        // The tax's own abbreviations stay as the GST rules write them; nothing else is Latin.
        const latin = ownWords(document).filter((text) => /[A-Za-z]/.test(text));
        expect(latin).toEqual(['HSN/SAC कोड', 'CGST @ 2.5%', 'SGST @ 2.5%']);
        for (const word of englishReceiptWords) {
          expect(answer.text, word).not.toContain(`>${word}<`);
        }
        const english = await gst.request('GET', `/api/payments/payments/${payment.id}/receipt/`, {
          token: customer.access,
        });
        expect(field(readReceiptHtml(english.text), 'Tax', 'Amount in words')).toBe(
          'Rupees One Thousand Five Hundred Only',
        );
      } finally {
        await gst.close();
      }
    });

    it('describes the checkout order in the request’s language', async () => {
      const shop = commerce(t, ownerToken, { codePrefix: 'I18O' });
      const customer = await registerCustomer(t);
      const { subscriptionId } = await shop.pendingSubscription(customer);
      const order = (headers: Record<string, string> = {}) =>
        t.request('POST', '/api/payments/orders/', {
          token: customer.access,
          body: { subscription: subscriptionId },
          headers,
        });
      const hindi = await order(HINDI);
      expect(hindi.status).toBe(201);
      expect(hindi.body.description).toBe(`सदस्यता #${subscriptionId} का भुगतान`);
      expect(hindi.headers.vary).toContain('Accept-Language');
      // The same open order, asked for in English.
      const english = await order();
      expect(english.status).toBe(200);
      expect(english.body.order_id).toBe(hindi.body.order_id);
      expect(english.body.description).toBe(`Payment for subscription #${subscriptionId}`);
    });
  });
});
