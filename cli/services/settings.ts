// The owner's settings from the terminal: read them, or change some and send the whole (PUT).
import type {
  BusinessSettings,
  LeavePolicy,
  Meal,
  SkipCredit,
  WhatsappSettings,
} from '@machines/settings';
import { MEALS } from '@machines/settings';
import { holdPolicyOf, type HoldPolicy } from '@machines/dues';
import type { PaymentPolicy } from '@machines/settings';
import type { ReminderSettings } from '@machines/reminder';
import type { components } from '../../generated/api';
import { formatRupees } from '@machines/shared';
import { formatTable } from '../output';
import type { Api } from './api';
import { unwrap } from './api';

export const readSettings = (api: Api): Promise<BusinessSettings> =>
  unwrap(api, api.client.GET('/owner/settings/'), 'The settings');

export const saveSettings = (api: Api, settings: BusinessSettings): Promise<BusinessSettings> =>
  unwrap(api, api.client.PUT('/owner/settings/', { body: settings }), 'The settings');

type Subscription = components['schemas']['Subscription'];

/** The part-paid subscriptions awaiting payment that the payment policy in force lets start. */
export const startableSubscriptions = async (api: Api): Promise<Subscription[]> =>
  (
    await unwrap(
      api,
      api.client.GET('/owner/settings/payments/startable/'),
      'The subscriptions to start',
    )
  ).subscriptions;

/** Starts `ids` (those the policy still lets start); says what started and what did not. */
export const startSubscriptions = (api: Api, ids: readonly number[]) =>
  unwrap(
    api,
    api.client.POST('/owner/settings/payments/startable/start/', {
      body: { subscriptions: [...ids] },
    }),
    'The subscriptions to start',
  );

/** The subscriptions the policy lets start, as a table: who, which plan, what is still due. */
export const startableTable = (rows: readonly Subscription[]) =>
  formatTable(rows, [
    { header: 'ID', value: (row) => row.id, right: true },
    { header: 'CUSTOMER', value: (row) => row.user?.full_name || row.user?.username },
    { header: 'PLAN', value: (row) => row.plan.name },
    { header: 'DUE', value: (row) => formatRupees(row.amount_due), right: true },
  ]);

/**
 * What a saved policy now allows, for the owner to act on: nothing under full payment, else the
 * subscriptions it lets start and the command that starts them.
 */
export function startableHint(rows: readonly Subscription[]): string {
  if (rows.length === 0) return '';
  const count = rows.length === 1 ? '1 subscription' : `${rows.length} subscriptions`;
  return (
    `\n${count} awaiting payment can start under this policy:\n${startableTable(rows)}` +
    'Start them with: dabba settings start-allowed\n'
  );
}

/** `lunch=09:30` or `breakfast=22:00/1` (the day before): a meal and its new cutoff. */
export function parseCutoff(value: string): { meal: Meal; time: string; daysBefore: number } {
  const match = /^(breakfast|lunch|dinner)=([01]\d|2[0-3]):([0-5]\d)(?:\/([0-2]))?$/.exec(value);
  if (!match) {
    throw new Error(
      'Expected MEAL=HH:MM or MEAL=HH:MM/DAYS (e.g. lunch=09:30, breakfast=22:00/1 for the evening before).',
    );
  }
  return {
    meal: match[1] as Meal,
    time: `${match[2]}:${match[3]}`,
    daysBefore: match[4] === undefined ? 0 : Number(match[4]),
  };
}

/** A whole number of days, at least 1 (the server checks the upper bound). */
export function parseDays(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error('Expected a number of days, 1 or more.');
  return Number(value);
}

/** `10`, or `none` for no monthly cap. */
export function parseMonthCap(value: string): number | null {
  if (value === 'none') return null;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new Error('Expected a number of days, or none.');
  return Number(value);
}

/** `extends` (a day of skipped meals extends the plan by a day) or `nothing`. */
export function parseSkippedDay(value: string): SkipCredit {
  if (value === 'extends') return 'day';
  if (value === 'nothing') return 'none';
  throw new Error('Expected extends or nothing.');
}

/** A whole number, at least `min` (the server checks the upper bound). */
export function parseWhole(value: string, min: number, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new Error(`Expected ${what}, ${min} or more.`);
  return Number(value);
}

/** The price of one WhatsApp message in paise: 0 to 1000, at most two decimals (11.5). */
export function parsePaise(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) > 1000)
    throw new Error('Expected paise from 0 to 1000, e.g. 11.5 (₹0.115).');
  return Number(value);
}

/** A whole number at least 1, or `none` (no limit). */
export function parseLimit(value: string, what: string): number | null {
  return value === 'none' ? null : parseWhole(value, 1, `${what}, or none`);
}

/** `full` (a subscription starts on full payment) or `dues` (it may start owing). */
export function parseActivation(value: string): PaymentPolicy['activation'] {
  if (value === 'full') return 'full_payment';
  if (value === 'dues') return 'dues_allowed';
  throw new Error('Expected full or dues.');
}

/** `21:00-08:00`: reminders wait out these hours (the range may wrap midnight). */
export function parseQuietHours(value: string): ReminderSettings['quiet_hours'] {
  const match = /^((?:[01]\d|2[0-3]):[0-5]\d)-((?:[01]\d|2[0-3]):[0-5]\d)$/.exec(value);
  if (!match) throw new Error('Expected HH:MM-HH:MM, e.g. 21:00-08:00.');
  return { start: match[1]!, end: match[2]! };
}

export interface SettingsChanges {
  cutoffs?: readonly ReturnType<typeof parseCutoff>[];
  skips?: boolean;
  skipCredit?: SkipCredit;
  leaves?: Partial<LeavePolicy>;
  payments?: Partial<Omit<PaymentPolicy, 'hold'>>;
  hold?: Partial<HoldPolicy>;
  reminders?: Partial<ReminderSettings>;
  whatsapp?: Partial<WhatsappSettings>;
}

/** `settings` with the given changes applied; the rest as it is. */
export function changedSettings(
  settings: BusinessSettings,
  changes: SettingsChanges,
): BusinessSettings {
  const cutoffs = { ...settings.cutoffs };
  for (const cutoff of changes.cutoffs ?? []) {
    cutoffs[cutoff.meal] = { time: cutoff.time, days_before: cutoff.daysBefore };
  }
  return {
    ...settings,
    cutoffs,
    skips_enabled: changes.skips ?? settings.skips_enabled,
    skip_credit: changes.skipCredit ?? settings.skip_credit,
    leaves: { ...settings.leaves, ...changes.leaves },
    payments: {
      ...settings.payments,
      ...changes.payments,
      hold: { ...holdPolicyOf(settings.payments), ...changes.hold },
    },
    reminders: { ...settings.reminders, ...changes.reminders },
    whatsapp: { ...settings.whatsapp, ...changes.whatsapp },
  };
}

/** The dues hold as a phrase: off, or the limits that pause meals. */
function holdLine(hold: HoldPolicy): string {
  const limits = [
    ...(hold.max_amount === null ? [] : [`over ₹${hold.max_amount}`]),
    ...(hold.max_days_overdue === null ? [] : [`over ${days(hold.max_days_overdue)} overdue`]),
  ];
  if (!hold.enabled) return 'off';
  return limits.length === 0 ? 'on, no limits set' : `meals paused when ${limits.join(' or ')}`;
}

/** The reminder schedule as a phrase. */
function reminderLine(reminders: ReminderSettings): string {
  if (!reminders.enabled) return 'off';
  return [
    reminders.before_expiry_days === 0
      ? 'none before the end'
      : `${days(reminders.before_expiry_days)} before the end`,
    ...(reminders.on_due_date ? ['on the due date'] : []),
    `every ${days(reminders.every_days_overdue)} overdue`,
    reminders.max_reminders === 0
      ? 'no dues reminders'
      : `at most ${reminders.max_reminders} for the same dues`,
    `never ${reminders.quiet_hours.start}–${reminders.quiet_hours.end}`,
  ].join(', ');
}

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

const DAYS_BEFORE = ['the same day', 'the day before', 'two days before'];

/** The settings as lines a person reads: each meal's cutoff, skips, and the leave policy. */
export function describeSettings(settings: BusinessSettings): string {
  const width = Math.max(...MEALS.map((meal) => meal.length));
  const lines = MEALS.map((meal) => {
    const cutoff = settings.cutoffs[meal];
    return `${meal.padEnd(width)}  closes ${cutoff.time} ${DAYS_BEFORE[cutoff.days_before] ?? ''}`;
  });
  lines.push(`Meal skips: ${settings.skips_enabled ? 'on' : 'off'}`);
  lines.push(
    `A day of skipped meals: ${settings.skip_credit === 'day' ? 'extends the plan by a day' : 'earns nothing'}`,
  );
  const { leaves } = settings;
  lines.push(`Longest leave: ${days(leaves.max_days)}`);
  lines.push(`Shortest leave that extends the plan: ${days(leaves.min_extending_days)}`);
  lines.push(
    `Leave days per month: ${leaves.max_days_per_month === null ? 'no limit' : `at most ${leaves.max_days_per_month}`}`,
  );
  lines.push(
    `Leave before the first meal's cutoff: ${leaves.before_cutoff ? 'required' : 'not required'}`,
  );
  lines.push(
    `A subscription starts: ${settings.payments.activation === 'full_payment' ? 'on full payment' : `with dues of up to ₹${settings.payments.max_dues}`}`,
  );
  lines.push(`Dues hold: ${holdLine(holdPolicyOf(settings.payments))}`);
  lines.push(`Reminders: ${reminderLine(settings.reminders)}`);
  lines.push(
    `A WhatsApp message costs: ${settings.whatsapp.utility_price_paise} paise (₹${(settings.whatsapp.utility_price_paise / 100).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')})`,
  );
  return `${lines.join('\n')}\n`;
}
