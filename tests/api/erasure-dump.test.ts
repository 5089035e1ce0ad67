// Erasure leaves nothing of the person behind, and the data download holds everything held about
// them (issue 35, items 13 and 16), on both databases. A customer uses every feature: registers
// with WhatsApp consent, completes the profile with billing details, pays online and at the
// counter, takes a leave with a reason, skips a meal, gives feedback with a photo, cancels for a
// refund paid to a UPI id (a credit note), is sent a payment link and a counter QR, has a meal
// delivered with cash collected, gets WhatsApp messages, asks for codes and a password reset. A
// student customer completes the student profile. Then:
// - the download has a section for every table personal-data.ts lists, with their rows wherever
//   the database holds any, and the list covers every table whose foreign key names a customer;
// - the owner completes both erasures, an erasure changes exactly the tables the list says it
//   does, and a dump of every table of the database (listed from the database's own catalogue)
//   holds none of the values they gave, but in the tax documents the law keeps.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import {
  ACTOR_COLUMNS,
  NOT_CUSTOMER_TABLES,
  PERSONAL_TABLES,
} from '../../server/lifecycles/erasure/personal-data.js';
import {
  startWhatsappSandbox,
  type WhatsappSandbox,
} from '../../server/services/whatsapp/sandbox.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, uniquePhone, type Customer } from '../helpers/accounts.js';
import { commerce, multipart, samplePng, type Commerce } from '../helpers/commerce.js';
import { createRider } from '../helpers/riders.js';

const BUSINESS_GSTIN = '09AAACH7409R1ZZ';
const APP_SECRET = 'erasure-dump-app-secret';
const TOKEN = 'erasure-dump-token';
const PHONE_NUMBER_ID = '106540352242999';

/** Where the law keeps what the person gave: the tax invoice's and credit note's buyer. */
const TAX_DOCUMENTS = new Set([
  'payments.invoice_buyer_name',
  'payments.invoice_buyer_gstin',
  'payments.invoice_buyer_address',
  'credit_notes.buyer_name',
  // Rule 53(1A): a credit note names its recipient with their address and state.
  'credit_notes.buyer_address',
  'credit_notes.buyer_state',
]);

type Row = Record<string, unknown>;
type Dump = Map<string, Row[]>;

describe.each(testDatabases())('erasure and the data download on %s', (dialect) => {
  let t: TestApp;
  let sandbox: WhatsappSandbox;
  let owner: string;
  let api: Commerce;
  let kavya: Customer;
  let student: Customer;
  /** Every value the two customers gave, by what it is. */
  const given: Record<string, string> = {};
  let before: Dump;

  const db = () => t.ctx.db.kysely;

  async function tables(): Promise<string[]> {
    if (dialect === 'postgres') {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db());
      return rows.map((row) => row.name);
    }
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
      order by 1`.execute(db());
    return rows.map((row) => row.name);
  }

  /** Every (table, column) with a foreign key to users. */
  async function userReferences(): Promise<{ table: string; column: string }[]> {
    if (dialect === 'postgres') {
      const { rows } = await sql<{ table: string; column: string }>`
        select kcu.table_name as "table", kcu.column_name as "column"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
          and ccu.table_name = 'users'`.execute(db());
      return rows;
    }
    const found: { table: string; column: string }[] = [];
    for (const table of await tables()) {
      const { rows } = await sql<{ from: string; table: string }>`
        select "from", "table" from pragma_foreign_key_list(${table})`.execute(db());
      for (const row of rows) if (row.table === 'users') found.push({ table, column: row.from });
    }
    return found;
  }

  async function dump(): Promise<Dump> {
    const all: Dump = new Map();
    for (const table of await tables()) {
      const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db());
      all.set(table, rows);
    }
    return all;
  }

  /** A row as text, column by column (bytes left out: the photo's own test is its deletion). */
  const cells = (row: Row) =>
    Object.entries(row).flatMap(([column, value]) =>
      value === null || value === undefined || Buffer.isBuffer(value) || value instanceof Uint8Array
        ? []
        : [[column, String(value)] as const],
    );

  const stableRows = (rows: Row[]) => rows.map((row) => JSON.stringify(cells(row))).sort();

  /** The rows of `table` about customer `id` by the columns personal-data.ts names. */
  function rowsAbout(all: Dump, table: string, id: number, phone: string): Row[] {
    const entry = PERSONAL_TABLES[table as keyof typeof PERSONAL_TABLES];
    const feedbackIds = new Set(
      (all.get('feedback') ?? []).filter((row) => Number(row.user_id) === id).map((r) => r.id),
    );
    return (all.get(table) ?? []).filter((row) =>
      entry.by.some((column) => {
        const value = row[column];
        if (value === null || value === undefined) return false;
        if (column === 'feedback_id') return feedbackIds.has(value);
        if (column === 'phone' || column === 'to_phone') return String(value).endsWith(phone);
        if (column === 'key')
          return String(value).includes(phone) || String(value) === `user:${id}`;
        return Number(value) === id;
      }),
    );
  }

  beforeAll(async () => {
    sandbox = await startWhatsappSandbox({
      appSecret: APP_SECRET,
      token: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      deliver: async (raw, signature) => {
        await t.request('POST', '/api/whatsapp/webhook/', {
          raw,
          headers: { 'x-hub-signature-256': signature },
        });
      },
    });
    t = await createTestApp(dialect, {
      BUSINESS_GSTIN,
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_API_URL: sandbox.url,
      WHATSAPP_RATE_PER_SECOND: '200',
    });
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: `ERASE-${dialect}` });
    const settings = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        payments: { ...DEFAULT_SETTINGS.payments, activation: 'dues_allowed', max_dues: 2500 },
      },
    });
    expect(settings.status).toBe(200);
    const tag = `${process.pid}${dialect}`;
    const phone = uniquePhone();
    Object.assign(given, {
      username: `kavyanjali${tag}`,
      email: `kavya.ramaswamy.${tag}@inbox.example`,
      phone,
      phoneSpaced: `${phone.slice(0, 5)} ${phone.slice(5)}`,
      firstName: 'Kavyanjali',
      lastName: 'Ramaswamy',
      address: '14 Jasmine Lane, Shastri Nagar',
      landmark: 'Behind the Hanuman Mandir',
      gstin: '27AAPFU0939F1ZV',
      billingAddress: 'Ramaswamy Traders, 22 Mill Road',
      leaveReason: 'Visiting my grandmother in Madurai',
      feedbackSubject: 'Cold rasam on Tuesday',
      feedbackMessage: 'The rasam was cold and the papad was soggy.',
      photoName: 'kavyas-thali.png',
      upi: `kavyanjali.r${tag}@okaxis`,
      studentUsername: `hostelite${tag}`,
      studentEmail: `hostelite.${tag}@campus.example`,
      studentPhone: uniquePhone(),
      studentFirstName: 'Tanmayee',
      studentLastName: 'Kulkarni',
      studentId: `KIET-2024-917-${tag}`,
      hostel: 'Kalpana Hostel, Room 318',
    });

    // Registration with the WhatsApp checkbox, the code, the profile, diet and billing details.
    const ip = '10.123.0.1';
    const registered = await t.request('POST', '/api/accounts/register/', {
      ip,
      body: {
        username: given.username,
        email: given.email,
        phone: `+91${phone}`,
        password: 'secret-pass-1',
        confirm_password: 'secret-pass-1',
        user_type: 'regular',
        first_name: given.firstName,
        last_name: given.lastName,
        whatsapp_service_consent: true,
      },
    });
    expect(registered.status).toBe(201);
    // A wrong code first, then the right one.
    await t.request('POST', '/api/accounts/verify-otp/', {
      ip,
      body: { phone: `+91${phone}`, otp: lastOtp(t, phone) === '000000' ? '111111' : '000000' },
    });
    const verified = await t.request('POST', '/api/accounts/verify-otp/', {
      ip,
      body: { phone: `+91${phone}`, otp: lastOtp(t, phone) },
    });
    expect(verified.status).toBe(200);
    kavya = {
      id: registered.body.user.id,
      username: given.username!,
      email: given.email!,
      phone,
      password: 'secret-pass-1',
      access: verified.body.access,
      refresh: verified.body.refresh,
    };
    const as = (method: string, url: string, body?: unknown) =>
      t.request(method, url, { token: kavya.access, ...(body === undefined ? {} : { body }) });
    expect(
      (
        await as('POST', '/api/accounts/complete-profile/', {
          user_type: 'regular',
          is_tiffin_user: true,
          is_mess_user: false,
          regular_profile: {
            address: given.address,
            landmark: given.landmark,
            pincode: '201299',
            city: 'Ghaziabad',
          },
        })
      ).status,
    ).toBe(200);
    expect((await as('PUT', '/api/accounts/diet/', { diet: 'jain' })).status).toBe(200);
    expect(
      (
        await as('PUT', '/api/accounts/profile/billing/', {
          gstin: given.gstin,
          billing_address: given.billingAddress,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await as('PUT', '/api/accounts/consents/', {
          channel: 'sms',
          purpose: 'promotions',
          granted: true,
        })
      ).status,
    ).toBe(200);

    // A mess plan paid online: a leave with a reason, a skipped meal, feedback with a photo, then
    // cancelled for a refund to a UPI id, approved and paid (a credit note).
    const online = await api.activeSubscription(kavya, {
      service_type: 'tiffin',
      included_meals: ['dinner'],
      base_price: 3000,
    });
    await t.settle();
    const leave = await api.pendingLeave(kavya, online.subscriptionId, {
      reason: given.leaveReason,
    });
    expect((await api.leaveAction(leave, 'approve', 'Enjoy the trip')).status).toBe(200);
    // Tomorrow's: today's dinner closes at 3 pm, and the suite runs at any hour.
    const skipped = await as('POST', '/api/meals/skips/', {
      subscription: online.subscriptionId,
      meal_date: addDays(t.ctx.today(), 1),
      meal: 'dinner',
    });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(201);
    const feedbackId = await api.openFeedback(kavya, {
      subject: given.feedbackSubject,
      message: given.feedbackMessage,
    });
    const photo = await t.request('POST', `/api/feedback/${feedbackId}/add_attachment/`, {
      token: kavya.access,
      ...multipart(await samplePng(), given.photoName!, 'image/png'),
    });
    expect(photo.status).toBe(200);
    expect((await api.respond(feedbackId, 'Sorry, we will keep it hot.')).status).toBe(200);
    const cancelled = await as(
      'POST',
      `/api/subscriptions/subscriptions/${online.subscriptionId}/cancel/`,
      { payout: { method: 'upi', upi_id: given.upi } },
    );
    expect(cancelled.status).toBe(200);
    const refundId = cancelled.body.refund_info.id as number;
    expect(
      (await api.refundAction(refundId, 'approve', { admin_comment: 'Approved' })).status,
    ).toBe(200);
    expect(
      (
        await api.refundAction(refundId, 'mark_paid', {
          admin_comment: 'Paid by UPI',
          utr: 'UTR55512345',
        })
      ).status,
    ).toBe(200);

    // A tiffin plan paid in part at the counter: a payment link and a counter QR for the rest,
    // both withdrawn; the rider delivers lunch and collects the rest in cash, which the owner
    // confirms.
    const tiffin = await api.pendingSubscription(kavya, {
      service_type: 'tiffin',
      included_meals: ['lunch'],
      base_price: 2000,
    });
    const counter = await t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: { subscription: tiffin.subscriptionId, amount: 1000, payment_mode: 'cash' },
    });
    expect(counter.status).toBe(201);
    const link = await t.request('POST', '/api/payments/admin/payment-links/', {
      token: owner,
      body: { subscription: tiffin.subscriptionId },
    });
    expect(link.status).toBe(201);
    expect(
      (
        await t.request('POST', `/api/payments/admin/payment-links/${link.body.id}/cancel/`, {
          token: owner,
        })
      ).status,
    ).toBe(200);
    const qr = await t.request('POST', '/api/payments/admin/counter-qr/', {
      token: owner,
      body: { subscription: tiffin.subscriptionId },
    });
    expect(qr.status).toBe(201);
    expect(
      (
        await t.request('POST', `/api/payments/admin/counter-qr/${qr.body.id}/close/`, {
          token: owner,
        })
      ).status,
    ).toBe(200);
    const rider = await createRider(t, 'Ravi');
    const route = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'Shastri Nagar', areas: ['201299'], riders: [rider.id] },
    });
    expect(route.status).toBe(201);
    const marks = await t.request('POST', '/api/delivery/marks/', {
      token: rider.access,
      body: {
        marks: (['delivered', 'cash_collected'] as const).map((event) => ({
          id: randomUUID(),
          route: route.body.id,
          date: t.ctx.today(),
          meal: 'lunch',
          customer: kavya.id,
          event,
          ...(event === 'cash_collected' ? { amount: 1000 } : {}),
          marked_at: t.clock.now().toISOString(),
        })),
      },
    });
    expect(marks.body.results, JSON.stringify(marks.body)).toMatchObject([
      { status: 'applied' },
      { status: 'applied' },
    ]);
    const cash = await t.request('GET', '/api/owner/cash-collections/?status=pending', {
      token: owner,
    });
    const mine = cash.body.find((row: { customer_id: number }) => row.customer_id === kavya.id);
    expect(
      (await t.request('POST', `/api/owner/cash-collections/${mine.id}/confirm/`, { token: owner }))
        .status,
    ).toBe(200);
    await api.endYesterday(tiffin.subscriptionId);
    await t.settle();

    // Codes by phone, a wrong password, a password reset.
    t.clock.advance(61_000);
    expect(
      (await t.request('POST', '/api/accounts/login/phone/', { ip, body: { phone } })).status,
    ).toBe(200);
    await t.request('POST', '/api/accounts/login/phone/verify/', {
      ip,
      body: { phone, otp: '000000' },
    });
    await t.request('POST', '/api/accounts/login/', {
      ip,
      body: { username: given.username, password: 'not-my-password' },
    });
    expect(
      (
        await t.request('POST', '/api/accounts/password-reset/', {
          ip,
          body: { email: given.email },
        })
      ).status,
    ).toBe(200);
    await t.settle();

    // The student.
    const studentIp = '10.123.0.2';
    const studentRegistered = await t.request('POST', '/api/accounts/register/', {
      ip: studentIp,
      body: {
        username: given.studentUsername,
        email: given.studentEmail,
        phone: given.studentPhone,
        password: 'secret-pass-2',
        confirm_password: 'secret-pass-2',
        user_type: 'student',
        first_name: given.studentFirstName,
        last_name: given.studentLastName,
      },
    });
    expect(studentRegistered.status).toBe(201);
    const studentVerified = await t.request('POST', '/api/accounts/verify-otp/', {
      ip: studentIp,
      body: { phone: given.studentPhone, otp: lastOtp(t, given.studentPhone!) },
    });
    student = {
      id: studentRegistered.body.user.id,
      username: given.studentUsername!,
      email: given.studentEmail!,
      phone: given.studentPhone!,
      password: 'secret-pass-2',
      access: studentVerified.body.access,
      refresh: studentVerified.body.refresh,
    };
    expect(
      (
        await t.request('POST', '/api/accounts/complete-profile/', {
          token: student.access,
          body: {
            user_type: 'student',
            is_tiffin_user: false,
            is_mess_user: true,
            student_profile: {
              institute: 'KIET',
              student_id: given.studentId,
              hostel: given.hostel,
              year: '2nd',
              course: 'B.Tech',
            },
          },
        })
      ).status,
    ).toBe(200);
    before = await dump();
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('lists every table whose foreign key names a customer', async () => {
    const unlisted = (await userReferences())
      .filter(({ column }) => !ACTOR_COLUMNS.has(column))
      .filter(({ table }) => !(table in PERSONAL_TABLES) && !(table in NOT_CUSTOMER_TABLES))
      .map(({ table, column }) => `${table}.${column}`);
    expect(unlisted).toEqual([]);
  });

  it('the download holds a section for every table that holds data about the customer', async () => {
    const answer = await t.request('GET', '/api/accounts/data-export/', { token: kavya.access });
    expect(answer.status).toBe(200);
    const file = answer.body as Record<string, unknown>;
    const sections = new Set(
      Object.values(PERSONAL_TABLES).flatMap((entry) =>
        typeof entry.download === 'string' ? [entry.download] : [],
      ),
    );
    // Every section the list names, and nothing but them and the file's own header.
    expect(Object.keys(file).sort()).toEqual(
      [...sections, 'format', 'exported_at', 'notice_version'].sort(),
    );
    const missing: string[] = [];
    for (const [table, entry] of Object.entries(PERSONAL_TABLES)) {
      if (typeof entry.download !== 'string') continue;
      if (rowsAbout(before, table, kavya.id, kavya.phone).length === 0) continue;
      const section = file[entry.download];
      const empty =
        section === null ||
        (Array.isArray(section) && section.length === 0) ||
        (entry.download === 'statement' &&
          (section as { entries: unknown[] }).entries.length === 0);
      if (empty) missing.push(`${table} → ${entry.download}`);
    }
    expect(missing).toEqual([]);
    // Her WhatsApp messages, among others, with what they said.
    expect(file.whatsapp_messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ template: 'receipt' })]),
    );
    expect(answer.text).toContain(given.upi);
    expect(answer.text).not.toContain('claim_token_hash');
  });

  it('erasure changes the tables the list says, and no table keeps a value the customers gave', async () => {
    for (const who of [kavya, student]) {
      const login = await t.request('POST', '/api/accounts/login/', {
        body: { username: who.username, password: who.password },
      });
      expect(login.status).toBe(200);
      const asked = await t.request('POST', '/api/accounts/erasure-request/', {
        token: login.body.access,
        body: { password: who.password },
      });
      expect(asked.status).toBe(201);
      owner = await loginOwner(t);
      const done = await t.request(
        'POST',
        `/api/owner/erasure-requests/${asked.body.request.id}/complete/`,
        { token: owner },
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    await t.settle();
    const after = await dump();

    // The tables an erasure touched are the ones the list says it changes.
    const unexpected: string[] = [];
    for (const [table, entry] of Object.entries(PERSONAL_TABLES)) {
      const was = stableRows(rowsAbout(before, table, kavya.id, kavya.phone));
      if (was.length === 0) continue;
      const now = stableRows(rowsAbout(after, table, kavya.id, kavya.phone));
      const changed = JSON.stringify(was) !== JSON.stringify(now);
      // The request itself is kept, and its completion recorded on it.
      const expected = entry.erasure !== 'kept' || table === 'erasure_requests';
      if (changed !== expected) {
        unexpected.push(`${table}: ${changed ? 'changed' : 'unchanged'}, listed ${entry.erasure}`);
      }
    }
    expect(unexpected).toEqual([]);

    // No value they gave is left anywhere but on the tax documents.
    const values = Object.entries(given).map(([what, value]) => [what, value.toLowerCase()]);
    const leaks: string[] = [];
    for (const [table, rows] of after) {
      for (const row of rows) {
        for (const [column, text] of cells(row)) {
          if (TAX_DOCUMENTS.has(`${table}.${column}`)) continue;
          const lower = text.toLowerCase();
          for (const [what, value] of values) {
            if (lower.includes(value!))
              leaks.push(`${table}.${column}: ${what} in ${text.slice(0, 160)}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // The tax documents keep the name they were issued to.
    const invoice = after
      .get('payments')!
      .find((row) => Number(row.user_id) === kavya.id && row.invoice_buyer_name !== null);
    expect(invoice?.invoice_buyer_name).toBe(`${given.firstName} ${given.lastName}`);
    const note = after.get('credit_notes')!.find((row) => Number(row.user_id) === kavya.id);
    expect(note?.buyer_name).toBe(`${given.firstName} ${given.lastName}`);
  });
});
