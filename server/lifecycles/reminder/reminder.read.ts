// The reminders as the owner reads them (GET /api/owner/reminders/), and which reminders the
// schedule says are due now and not yet claimed: the scheduler claims these, the dry run lists them.
import type { RowOf } from '@server/platform/db/index.js';
import { BUSINESS_USER_TYPES } from '@server/platform/db/schema.js';
import type { components } from '@generated/api.js';
import {
  dueDuesReminder,
  dueExpiryReminder,
  overdueOn,
  type ReminderKind,
  type ReminderSettings,
} from '@machines';
import { addDays } from '@machines/shared';
import { OVERDUE_AFTER_DAYS } from '@machines/dues';
import type { Executor } from '@server/lifecycles/store.js';
import { subscriptionStatusIs } from '@server/lifecycles/subscription/subscription.read.js';
import { fullName, rupees } from '@server/platform/format.js';
import { dateInZone } from '@server/platform/time.js';

export type ReminderSendBody = components['schemas']['ReminderSend'];

/** A reminder the schedule says is due now, not claimed yet. */
export interface ReminderCandidate {
  key: string;
  kind: ReminderKind;
  userId: number;
  username: string;
  fullName: string;
  /** Dues: the reminder's number in its episode, and the episode (the oldest unpaid charge's date). */
  number: number | null;
  dueSince: string | null;
  balancePaise: number | null;
  subscriptionId: number | null;
  planName: string | null;
  endDate: string | null;
  dueOn: string;
}

const customerName = (row: { first_name: string; last_name: string; username: string }) =>
  fullName(row).trim() || row.username;

/** Every reminder due on `today` by `settings` whose key no run has claimed. */
export async function dueReminders(
  db: Executor,
  settings: ReminderSettings,
  today: string,
  timeZone: string,
): Promise<ReminderCandidate[]> {
  if (!settings.enabled) return [];
  const candidates: ReminderCandidate[] = [];

  if (settings.before_expiry_days > 0) {
    const ending = await db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select([
        'subscriptions.id',
        'subscriptions.user_id',
        'subscriptions.adjusted_end_date',
        'plans.name as plan_name',
        'users.username',
        'users.first_name',
        'users.last_name',
      ])
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
      .where('subscriptions.adjusted_end_date', '<=', addDays(today, settings.before_expiry_days))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reminder_sends')
              .select('reminder_sends.id')
              .where('reminder_sends.kind', '=', 'expiry')
              .whereRef('reminder_sends.subscription_id', '=', 'subscriptions.id'),
          ),
        ),
      )
      // Nothing to renew when the next plan is bought already, queued behind this one.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('subscriptions as next')
              .select('next.id')
              .whereRef('next.user_id', '=', 'subscriptions.user_id')
              .whereRef('next.subscription_type', '=', 'subscriptions.subscription_type')
              .where('next.status', '=', 'ACTIVE')
              .whereRef('next.start_date', '>', 'subscriptions.adjusted_end_date'),
          ),
        ),
      )
      .orderBy('subscriptions.id')
      .execute();
    for (const row of ending) {
      if (!row.adjusted_end_date) continue;
      const due = dueExpiryReminder(
        { subscriptionId: row.id, endDate: row.adjusted_end_date, today },
        settings,
      );
      if (!due) continue;
      candidates.push({
        key: due.key,
        kind: 'expiry',
        userId: row.user_id,
        username: row.username,
        fullName: customerName(row),
        number: null,
        dueSince: null,
        balancePaise: null,
        subscriptionId: row.id,
        planName: row.plan_name,
        endDate: row.adjusted_end_date,
        dueOn: due.dueOn,
      });
    }
  }

  if (settings.max_reminders > 0) {
    // Customers whose dues are overdue today, with what was claimed of their current episode.
    const owing = await db
      .selectFrom('ledger_balances')
      .innerJoin('users', 'users.id', 'ledger_balances.user_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('reminder_sends')
            .select((inner) => [
              'reminder_sends.user_id',
              'reminder_sends.due_since',
              inner.fn.count<number>('reminder_sends.id').as('claimed'),
              inner.fn.max('reminder_sends.created_at').as('last_claimed_at'),
            ])
            .where('reminder_sends.kind', '=', 'dues')
            .groupBy(['reminder_sends.user_id', 'reminder_sends.due_since'])
            .as('sent'),
        (join) =>
          join
            .onRef('sent.user_id', '=', 'ledger_balances.user_id')
            .onRef('sent.due_since', '=', 'ledger_balances.due_since'),
      )
      .select([
        'ledger_balances.user_id',
        'ledger_balances.balance_paise',
        'ledger_balances.due_since',
        'users.username',
        'users.first_name',
        'users.last_name',
        'sent.claimed',
        'sent.last_claimed_at',
      ])
      .where('ledger_balances.balance_paise', '>', 0)
      .where('ledger_balances.due_since', '<', addDays(today, -OVERDUE_AFTER_DAYS))
      .where('users.user_type', 'not in', [...BUSINESS_USER_TYPES])
      .orderBy('ledger_balances.due_since')
      .orderBy('ledger_balances.user_id')
      .execute();
    for (const row of owing) {
      if (!row.due_since || overdueOn(row.due_since) > today) continue;
      const due = dueDuesReminder(
        {
          userId: row.user_id,
          balancePaise: Number(row.balance_paise),
          dueSince: row.due_since,
          claimed: Number(row.claimed ?? 0),
          lastClaimedOn: row.last_claimed_at
            ? dateInZone(new Date(row.last_claimed_at), timeZone)
            : null,
          today,
        },
        settings,
      );
      if (!due) continue;
      candidates.push({
        key: due.key,
        kind: 'dues',
        userId: row.user_id,
        username: row.username,
        fullName: customerName(row),
        number: due.number,
        dueSince: row.due_since,
        balancePaise: Number(row.balance_paise),
        subscriptionId: null,
        planName: null,
        endDate: null,
        dueOn: due.dueOn,
      });
    }
  }
  return candidates;
}

export const reminderSelect = (db: Executor) =>
  db
    .selectFrom('reminder_sends as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('payment_links as l', 'l.id', 'r.payment_link_id')
    .selectAll('r')
    .select([
      'u.username',
      'u.first_name',
      'u.last_name',
      'l.short_url',
      'l.amount_paise as link_amount_paise',
      'l.status as link_status',
    ]);

type ReminderRow = RowOf<typeof reminderSelect>;

export const reminderBody = (row: ReminderRow): ReminderSendBody => ({
  id: row.id,
  key: row.key,
  kind: row.kind,
  status: row.status,
  customer: { id: row.user_id, username: row.username, full_name: customerName(row) },
  number: row.number,
  subscription: row.subscription_id,
  payment_link:
    row.payment_link_id === null || !row.short_url
      ? null
      : {
          id: row.payment_link_id,
          short_url: row.short_url,
          amount: rupees(Number(row.link_amount_paise ?? 0)),
          status: row.link_status ?? '',
        },
  created_at: row.created_at,
  sent_at: row.sent_at,
});

export const previewItem = (candidate: ReminderCandidate) => ({
  key: candidate.key,
  kind: candidate.kind,
  customer: { id: candidate.userId, username: candidate.username, full_name: candidate.fullName },
  number: candidate.number,
  subscription: candidate.subscriptionId,
  amount: candidate.balancePaise === null ? null : rupees(candidate.balancePaise),
  due_on: candidate.dueOn,
});
