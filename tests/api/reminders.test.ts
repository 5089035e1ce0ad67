// The owner's reminder schedule (issue 21) on both databases: dues reminders on the overdue day and
// every N days after, at most M, each with a pay link in its SMS; nothing in quiet hours; two
// scheduler runs racing on one database send each reminder once; a run that died after its claim
// (or after handing the message over) is resumed without a second message; a payment ends the
// episode; the settings are validated; the owner's list and dry run.
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS, type ReminderSettings } from '@machines';
import { createContext, type AppContext } from '../../server/context.js';
import { sendReminders } from '../../server/lifecycles/reminder/reminder.jobs.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';

const RECORD = '/api/payments/admin/payments/record_offline/';
/** The day the part payment is recorded: the dues are owed since then. */
const D0 = '2031-03-03';
/** Dues become overdue after 15 days: on the 16th day after the charge. */
const OVERDUE_DAY = addDays(D0, 16);
const PRICE = 2400;
const PAID = 1000;

/** An instant given as a wall-clock time in Asia/Kolkata (UTC+05:30, no DST). */
const ist = (date: string, time: string) =>
  new Date(Date.parse(`${date}T${time}:00+05:30`)).toISOString();

describe.each(testDatabases())('reminders on %s', (dialect) => {
  let t: TestApp;
  const others: TestApp[] = [];
  let owner = '';

  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await t?.close();
  });

  /** Puts every clock of the test at `iso`. */
  const at = async (iso: string) => {
    const offset = Date.parse(iso) - Date.now();
    t.clock.offsetMs = offset;
    for (const other of others) other.clock.offsetMs = offset;
    owner = await loginOwner(t);
  };

  const saveReminders = async (reminders: Partial<ReminderSettings>) => {
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, reminders: { ...DEFAULT_SETTINGS.reminders, ...reminders } },
    });
    expect(saved.status).toBe(200);
    return saved.body;
  };

  /** A fresh app at D0 11:00 with `count` customers each owing PRICE - PAID since D0. */
  async function start(count = 1, reminders: Partial<ReminderSettings> = {}) {
    t = await createTestApp(dialect);
    await at(ist(D0, '11:00'));
    await saveReminders(reminders);
    const api = commerce(t, () => owner, {
      codePrefix: 'REM',
      planDefaults: { name: 'Reminder plan', base_price: PRICE },
    });
    const customers: { customer: Customer; subscriptionId: number }[] = [];
    for (let i = 0; i < count; i += 1) {
      const customer = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(customer);
      const recorded = await t.request('POST', RECORD, {
        token: owner,
        body: { subscription: subscriptionId, amount: PAID, payment_mode: 'cash' },
      });
      expect(recorded.status).toBe(201);
      customers.push({ customer, subscriptionId });
    }
    return customers;
  }

  const rows = () =>
    t.ctx.db.kysely.selectFrom('reminder_sends').selectAll().orderBy('id').execute();
  /** The dues reminders' SMS to `phone` (sent as +91…), across every instance's outbox. */
  const reminderSms = (phone: string) =>
    [t, ...others]
      .flatMap((app) => app.smsOutbox())
      .filter((sms) => sms.to.endsWith(phone) && sms.body.includes('you owe'));
  const linkOf = (id: number | null) =>
    t.ctx.db.kysely
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', id ?? -1)
      .executeTakeFirstOrThrow();

  /** A second instance on the same database: its own app on PostgreSQL; on SQLite (one process
   * holds the file) its own context, stores and clock over the same connection. */
  async function secondInstance(): Promise<AppContext> {
    if (dialect === 'postgres') {
      const other = await createTestApp('postgres', { DATABASE_URL: t.config.databaseUrl! });
      other.clock.offsetMs = t.clock.offsetMs;
      others.push(other);
      return other.ctx;
    }
    const { stores: _stores, today: _today, ...parts } = t.ctx;
    return createContext(parts);
  }

  it('reminds on the overdue day and every N days after, at most M times, each SMS with its pay link', async () => {
    const [{ customer, subscriptionId }] = (await start(1, {
      max_reminders: 2,
      every_days_overdue: 7,
    })) as [{ customer: Customer; subscriptionId: number }];

    await at(ist(addDays(OVERDUE_DAY, -1), '10:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);

    await at(ist(OVERDUE_DAY, '10:00'));
    const preview = await t.request('GET', '/api/owner/reminders/next/', { token: owner });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ enabled: true, quiet_until: null });
    expect(preview.body.reminders).toEqual([
      expect.objectContaining({
        key: `dues:${customer.id}:${D0}:1`,
        kind: 'dues',
        number: 1,
        amount: PRICE - PAID,
        due_on: OVERDUE_DAY,
      }),
    ]);
    // The dry run sends nothing and makes no link.
    expect(await rows()).toEqual([]);

    const first = await sendReminders(t.ctx);
    expect(first).toMatchObject({ claimed: 1, sent: 1 });
    expect(await sendReminders(t.ctx)).toMatchObject({ claimed: 0, sent: 0 });
    const [sent] = await rows();
    expect(sent).toMatchObject({
      key: `dues:${customer.id}:${D0}:1`,
      kind: 'dues',
      status: 'sent',
      number: 1,
    });
    const link = await linkOf(sent!.payment_link_id);
    expect(link).toMatchObject({
      user_id: customer.id,
      subscription_id: subscriptionId,
      amount_paise: (PRICE - PAID) * 100,
      status: 'created',
    });
    const sms = reminderSms(customer.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(link.short_url);
    expect(sms[0]!.body).toContain('1,400');
    const email = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('body')
      .where('user_id', '=', customer.id)
      .where('notification_type', '=', 'dues_reminder')
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(email.body).toContain(link.short_url);

    // Not again before 7 days; the second on the 7th; none after the second (M = 2).
    await at(ist(addDays(OVERDUE_DAY, 6), '10:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);
    await at(ist(addDays(OVERDUE_DAY, 7), '10:00'));
    expect(await sendReminders(t.ctx)).toMatchObject({ claimed: 1, sent: 1 });
    await at(ist(addDays(OVERDUE_DAY, 14), '10:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);
    await at(ist(addDays(OVERDUE_DAY, 40), '10:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);

    const all = await rows();
    expect(all.map((row) => row.key)).toEqual([
      `dues:${customer.id}:${D0}:1`,
      `dues:${customer.id}:${D0}:2`,
    ]);
    const messages = reminderSms(customer.phone);
    expect(messages).toHaveLength(2);
    const second = await linkOf(all[1]!.payment_link_id);
    expect(messages[1]!.body).toContain(second.short_url);

    // The owner's list: newest first, paged, with the link each carried.
    const list = await t.request('GET', `/api/owner/reminders/?customer=${customer.id}&limit=1`, {
      token: owner,
    });
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body).toEqual([
      expect.objectContaining({
        key: `dues:${customer.id}:${D0}:2`,
        status: 'sent',
        number: 2,
        customer: expect.objectContaining({ id: customer.id }),
        payment_link: expect.objectContaining({ short_url: second.short_url, amount: 1400 }),
      }),
    ]);
    const bad = await t.request('GET', '/api/owner/reminders/?status=lost', { token: owner });
    expect(bad.status).toBe(400);
  });

  it('sends nothing in quiet hours that wrap midnight: a reminder due then waits until they end', async () => {
    const [{ customer }] = (await start(1)) as unknown as [{ customer: Customer }];
    await at(ist(OVERDUE_DAY, '22:30'));
    const quiet = await sendReminders(t.ctx);
    expect(quiet).toMatchObject({ claimed: 0, quietUntil: ist(addDays(OVERDUE_DAY, 1), '08:00') });
    const preview = await t.request('GET', '/api/owner/reminders/next/', { token: owner });
    expect(preview.body.quiet_until).toBe(ist(addDays(OVERDUE_DAY, 1), '08:00'));
    expect(preview.body.reminders).toHaveLength(1);
    await at(ist(addDays(OVERDUE_DAY, 1), '07:59'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);
    expect(await rows()).toEqual([]);
    expect(reminderSms(customer.phone)).toEqual([]);
    await at(ist(addDays(OVERDUE_DAY, 1), '08:00'));
    expect(await sendReminders(t.ctx)).toMatchObject({ claimed: 1, sent: 1, quietUntil: null });
    expect(reminderSms(customer.phone)).toHaveLength(1);
  });

  it('two instances racing on one database send each reminder once, with one pay link each', async () => {
    const customers = await start(4);
    await at(ist(OVERDUE_DAY, '10:00'));
    const second = await secondInstance();
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([sendReminders(t.ctx), sendReminders(second)]);
    }
    const all = await rows();
    expect(all).toHaveLength(4);
    expect(all.every((row) => row.status === 'sent')).toBe(true);
    for (const { customer } of customers) {
      expect(reminderSms(customer.phone)).toHaveLength(1);
      const links = await t.ctx.db.kysely
        .selectFrom('payment_links')
        .select('id')
        .where('user_id', '=', customer.id)
        .execute();
      expect(links).toHaveLength(1);
    }
  });

  it('a run that died after its claim is resumed by the next, and a message handed over is not sent twice', async () => {
    const [{ customer }] = (await start(1)) as unknown as [{ customer: Customer }];
    await at(ist(OVERDUE_DAY, '10:00'));
    // A run claims the reminder, then its instance dies.
    const [due] = (await t.ctx.stores.reminders.preview()).due;
    expect(await t.ctx.stores.reminders.claim(due!)).toBeDefined();
    // After a restart (a new context) the claim is still young: nobody else takes it.
    const restarted = await secondInstance();
    expect(await sendReminders(restarted)).toMatchObject({ claimed: 0, retried: 0, sent: 0 });
    expect((await rows())[0]!.status).toBe('queued');
    expect(reminderSms(customer.phone)).toEqual([]);
    // Ten minutes on, the next run takes it over and sends it, once.
    await at(ist(OVERDUE_DAY, '10:11'));
    expect(await sendReminders(restarted)).toMatchObject({ retried: 1, sent: 1 });
    expect((await rows())[0]!.status).toBe('sent');
    expect(reminderSms(customer.phone)).toHaveLength(1);

    // A run that handed the message over and died before marking it sent: the retry marks it
    // sent without a second message (the notifier's dedupe key is the reminder's key).
    const [row] = await rows();
    await t.ctx.db.kysely
      .updateTable('reminder_sends')
      .set({ status: 'queued', sent_at: null, claimed_at: ist(OVERDUE_DAY, '10:00') })
      .where('id', '=', row!.id)
      .execute();
    await at(ist(OVERDUE_DAY, '10:30'));
    expect(await sendReminders(t.ctx)).toMatchObject({ retried: 1, sent: 1 });
    expect((await rows())[0]).toMatchObject({
      status: 'sent',
      payment_link_id: row!.payment_link_id,
    });
    expect(reminderSms(customer.phone)).toHaveLength(1);
  });

  it('a payment that settles the dues ends the episode: no more reminders, a queued one is skipped', async () => {
    const [{ customer }] = (await start(1)) as unknown as [{ customer: Customer }];
    await at(ist(OVERDUE_DAY, '10:00'));
    await sendReminders(t.ctx);
    const [first] = await rows();
    const link = await linkOf(first!.payment_link_id);
    // A second reminder claimed by a run that then died, just before the customer pays.
    await t.ctx.db.kysely
      .insertInto('reminder_sends')
      .values({
        key: `dues:${customer.id}:${D0}:2`,
        user_id: customer.id,
        kind: 'dues',
        status: 'queued',
        number: 2,
        due_since: D0,
        subscription_id: null,
        payment_link_id: null,
        due_on: OVERDUE_DAY,
        created_at: ist(OVERDUE_DAY, '10:00'),
        claimed_at: ist(OVERDUE_DAY, '10:00'),
        sent_at: null,
      })
      .execute();
    const paid = await t.request(
      'POST',
      `/api/payments/sandbox/links/${link.provider_link_id}/pay/`,
      {
        body: { outcome: 'success' },
      },
    );
    expect(paid.status).toBe(200);
    await at(ist(OVERDUE_DAY, '11:00'));
    expect(await sendReminders(t.ctx)).toMatchObject({ retried: 1, skipped: 1, sent: 0 });
    await at(ist(addDays(OVERDUE_DAY, 30), '11:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);
    expect((await rows()).map((row) => row.status)).toEqual(['sent', 'skipped']);
    expect(reminderSms(customer.phone)).toHaveLength(1);
  });

  it('validates the schedule with clear field messages, and turning it off stops every reminder', async () => {
    await start(1);
    const settings = await t.request('GET', '/api/owner/settings/', { token: owner });
    expect(settings.body.reminders).toEqual(DEFAULT_SETTINGS.reminders);
    const bad = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        reminders: {
          ...DEFAULT_SETTINGS.reminders,
          max_reminders: 21,
          quiet_hours: { start: '25:00', end: '08:00' },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(
      'The most reminders must be a whole number from 0 to 20',
    );
    expect(JSON.stringify(bad.body)).toContain(
      'Quiet hours start must be a time of day (HH:MM, 00:00 to 23:59)',
    );
    const unknown = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, reminders: { ...DEFAULT_SETTINGS.reminders, hourly: true } },
    });
    expect(unknown.status).toBe(400);

    await saveReminders({ enabled: false });
    await at(ist(OVERDUE_DAY, '10:00'));
    expect((await sendReminders(t.ctx)).claimed).toBe(0);
    const preview = await t.request('GET', '/api/owner/reminders/next/', { token: owner });
    expect(preview.body).toMatchObject({ enabled: false, reminders: [] });
  });
});
