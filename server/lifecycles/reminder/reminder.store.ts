// The reminders' store: the only code that writes a reminder's status. A scheduler run claims each
// reminder the schedule says is due by inserting its unique key (queued), gives a dues reminder its
// pay link, hands the message to the notifier and marks it sent, each step a conditional write. A run
// that dies after its claim leaves the row queued: a later run (this instance after a restart, or
// another) takes it over once REMINDER_RETRY_AFTER_MINUTES have passed, with a compare-and-set on
// claimed_at, and the notifier's dedupe key (the reminder's key) keeps a message already handed over
// from going out twice. Nothing is claimed or sent within quiet hours.
import {
  isQuietTime,
  quietHoursEnd,
  reminderNextStep,
  REMINDER_RETRY_AFTER_MINUTES,
  instantInZone,
  wallClockIn,
  MIN_LINK_AMOUNT_PAISE,
} from '@machines';
import type { ReminderSendsTable } from '@server/platform/db/schema.js';
import type { Selectable } from 'kysely';
import { readSettings } from '@server/resources/settings/settings.read.js';
import type { PaymentLinkStore } from '@server/lifecycles/payment-link/payment-link.store.js';
import { dueOfSubscription } from '@server/lifecycles/payment-link/payment-link.read.js';
import {
  subscriptionStatusIs,
  subscriptionsWithPlans,
} from '@server/lifecycles/subscription/subscription.read.js';
import { subscriptionEndNotice } from '@server/lifecycles/subscription/subscription.notices.js';
import { nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import { notifyCustomer } from '@server/services/notify.js';
import { dueReminders, type ReminderCandidate } from './reminder.read.js';

type ReminderRow = Selectable<ReminderSendsTable>;

export interface ReminderRunResult {
  /** Within quiet hours nothing is claimed or sent: when they end. */
  quietUntil: string | null;
  claimed: number;
  retried: number;
  sent: number;
  skipped: number;
  /** Claimed but not sent this run (the pay link could not be made): retried later. */
  waiting: number;
}

export function createReminderStore(deps: StoreDeps, paymentLinks: PaymentLinkStore) {
  const db = deps.db.kysely;
  const timeZone = deps.config.businessTz;

  /** Whether now is in quiet hours, and if so when they end (an ISO instant). */
  async function quietUntil(): Promise<string | null> {
    const settings = await readSettings(db);
    const wall = wallClockIn(nowIso(deps), timeZone);
    const end = quietHoursEnd(wall.date, wall.time, settings.reminders.quiet_hours);
    return end ? instantInZone(end.date, end.time, timeZone) : null;
  }

  /** The schedule's reminders due now and not yet claimed (the dry run; nothing is written). */
  async function preview(): Promise<{
    enabled: boolean;
    quietUntil: string | null;
    due: ReminderCandidate[];
  }> {
    const settings = await readSettings(db);
    return {
      enabled: settings.reminders.enabled,
      quietUntil: await quietUntil(),
      due: await dueReminders(db, settings.reminders, deps.today(), timeZone),
    };
  }

  /** The claim: the unique insert of the key. Undefined when another run has it. */
  async function claim(candidate: ReminderCandidate): Promise<ReminderRow | undefined> {
    const at = nowIso(deps);
    return db
      .insertInto('reminder_sends')
      .values({
        key: candidate.key,
        user_id: candidate.userId,
        kind: candidate.kind,
        status: 'queued',
        number: candidate.number,
        due_since: candidate.dueSince,
        subscription_id: candidate.subscriptionId,
        payment_link_id: null,
        due_on: candidate.dueOn,
        created_at: at,
        claimed_at: at,
        sent_at: null,
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Queued rows whose run died: each taken over by exactly one run (compare-and-set on claimed_at). */
  async function reclaimStale(): Promise<ReminderRow[]> {
    const before = new Date(
      deps.clock.now().getTime() - REMINDER_RETRY_AFTER_MINUTES * 60_000,
    ).toISOString();
    const stale = await db
      .selectFrom('reminder_sends')
      .selectAll()
      .where('status', '=', 'queued')
      .where('claimed_at', '<', before)
      .orderBy('id')
      .limit(500)
      .execute();
    const taken: ReminderRow[] = [];
    for (const row of stale) {
      const mine = await db
        .updateTable('reminder_sends')
        .set({ claimed_at: nowIso(deps) })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .where('claimed_at', '=', row.claimed_at)
        .returningAll()
        .executeTakeFirst();
      if (mine) taken.push(mine);
    }
    return taken;
  }

  /** Whether the reminder is still due: the same dues still owed; the subscription still running. */
  async function stillDue(row: ReminderRow): Promise<boolean> {
    const today = deps.today();
    if (row.kind === 'dues') {
      const balance = await db
        .selectFrom('ledger_balances')
        .select(['balance_paise', 'due_since'])
        .where('user_id', '=', row.user_id)
        .executeTakeFirst();
      return Number(balance?.balance_paise ?? 0) > 0 && balance?.due_since === row.due_since;
    }
    if (row.subscription_id === null) return false;
    const running = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', row.subscription_id)
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
      .executeTakeFirst();
    return running !== undefined;
  }

  /**
   * The pay link of a dues reminder: the one a previous attempt made, an open link of the
   * customer's, or a new one for everything the oldest subscription with dues owes.
   */
  async function payLinkFor(row: ReminderRow) {
    if (row.payment_link_id !== null) return paymentLinks.read(row.payment_link_id);
    const open = await db
      .selectFrom('payment_links')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('status', '=', 'created')
      .where('expire_by', '>', nowIso(deps))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    let linkId = open?.id ?? null;
    if (linkId === null) {
      const subscriptions = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('status', '!=', 'CANCELLED')
        .orderBy('id')
        .execute();
      for (const subscription of subscriptions) {
        if ((await dueOfSubscription(db, subscription.id)) < MIN_LINK_AMOUNT_PAISE) continue;
        linkId = (
          await paymentLinks.create(null, { subscriptionId: subscription.id, amountPaise: null })
        ).id;
        break;
      }
    }
    if (linkId === null) return null;
    // Remembered before sending, so that a retry carries the same link instead of making another.
    await db
      .updateTable('reminder_sends')
      .set({ payment_link_id: linkId })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .execute();
    return paymentLinks.read(linkId);
  }

  async function mark(row: ReminderRow, status: 'sent' | 'skipped'): Promise<boolean> {
    const done = await db
      .updateTable('reminder_sends')
      .set({ status, sent_at: status === 'sent' ? nowIso(deps) : null })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .returning('id')
      .executeTakeFirst();
    return done !== undefined;
  }

  async function sendDues(row: ReminderRow): Promise<void> {
    const link = await payLinkFor(row);
    const balance = await db
      .selectFrom('ledger_balances')
      .select('balance_paise')
      .where('user_id', '=', row.user_id)
      .executeTakeFirst();
    const owedPaise = Number(balance?.balance_paise ?? 0);
    const url = link?.short_url ?? `${deps.config.publicUrl}/payments`;
    await notifyCustomer(deps, row.user_id, (l) => {
      const values = {
        business: deps.config.business.name,
        amount: l.rupees(owedPaise),
        since: l.date(row.due_since),
        link: url,
      };
      return {
        type: 'dues_reminder',
        subject: l.t('notice.dues_reminder.subject', values),
        summary: l.t('notice.dues_reminder.summary', values),
        text: l.t('notice.dues_reminder.text', values),
        sms: l.t('notice.dues_reminder.sms', values),
        whatsapp: {
          template: 'dues_reminder',
          parameters: [values.business, values.amount, values.since, values.link],
        },
        dedupeKey: `reminder:${row.key}`,
      };
    });
  }

  async function sendExpiry(row: ReminderRow): Promise<void> {
    if (row.subscription_id === null) return;
    const subscription = await subscriptionsWithPlans(db)
      .select(['s.id', 's.adjusted_end_date', 'p.name as plan_name', 'p.name_hi as plan_name_hi'])
      .where('s.id', '=', row.subscription_id)
      .executeTakeFirstOrThrow();
    await notifyCustomer(deps, row.user_id, (l) => {
      const plan = l.text(subscription.plan_name, subscription.plan_name_hi);
      return {
        ...subscriptionEndNotice(deps, l, 'subscription_expiring', {
          plan,
          id: subscription.id,
          date: l.date(subscription.adjusted_end_date),
        }),
        whatsapp: {
          template: 'expiring_soon',
          parameters: [
            deps.config.business.name,
            plan,
            l.date(subscription.adjusted_end_date),
            `${deps.config.publicUrl}/subscriptions`,
          ],
        },
        // The key the fixed 3-day reminder used, so one sent before the schedule existed counts.
        dedupeKey: `subscription-expiring:${subscription.id}`,
      };
    });
  }

  /** One claimed reminder, to the end: sent, skipped, or left queued for a later run. */
  async function process(row: ReminderRow, result: ReminderRunResult): Promise<void> {
    const step = reminderNextStep({ stillDue: await stillDue(row), quiet: false });
    if (step === 'skip') {
      if (await mark(row, 'skipped')) result.skipped += 1;
      return;
    }
    try {
      if (row.kind === 'dues') await sendDues(row);
      else await sendExpiry(row);
    } catch (error) {
      // The pay link could not be made (the provider is down): the claim stays, a later run retries.
      deps.log.warn({ err: error, reminder: row.key }, 'reminder not sent; retried later');
      result.waiting += 1;
      return;
    }
    if (await mark(row, 'sent')) result.sent += 1;
  }

  /** One scheduler run: take over dead claims, claim what is due, send each. */
  async function run(): Promise<ReminderRunResult> {
    const result: ReminderRunResult = {
      quietUntil: null,
      claimed: 0,
      retried: 0,
      sent: 0,
      skipped: 0,
      waiting: 0,
    };
    const settings = await readSettings(db);
    if (!settings.reminders.enabled) return result;
    const wall = wallClockIn(nowIso(deps), timeZone);
    if (isQuietTime(wall.time, settings.reminders.quiet_hours)) {
      result.quietUntil = await quietUntil();
      return result;
    }
    for (const row of await reclaimStale()) {
      result.retried += 1;
      await process(row, result);
    }
    const due = await dueReminders(db, settings.reminders, deps.today(), timeZone);
    for (const candidate of due) {
      const row = await claim(candidate);
      if (!row) continue;
      result.claimed += 1;
      await process(row, result);
    }
    return result;
  }

  return { run, preview, claim };
}
