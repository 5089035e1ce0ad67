// The owner's reminder schedule as pure rules: which reminder is due for a customer's dues or a
// subscription's end, given the facts, the settings and the moment, and whether that moment is in
// quiet hours. The server's scheduler claims what these say is due; `dabba reminders --dry-run`
// and the owner's preview show the same list.
import type { components } from '../../generated/api';
import { addDays, diffDays, type IsoDate } from '../shared/dates';
import { OVERDUE_AFTER_DAYS } from '../dues/dues.rules';

export type ReminderSettings = components['schemas']['ReminderSettings'];
export type QuietHours = components['schemas']['QuietHours'];
export type ReminderKind = components['schemas']['ReminderKind'];
export type ReminderStatus = components['schemas']['ReminderStatus'];

export const REMINDER_STATUSES = [
  'queued',
  'sent',
  'skipped',
] as const satisfies readonly ReminderStatus[];

/** Until the owner changes them: on, 3 days before the end, on the due date, every 7 days, 3 at most, quiet 21:00–08:00. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  before_expiry_days: 3,
  on_due_date: true,
  every_days_overdue: 7,
  max_reminders: 3,
  quiet_hours: { start: '21:00', end: '08:00' },
};

/** A claimed reminder whose run died (claimed, never marked sent) is retried after this long. */
export const REMINDER_RETRY_AFTER_MINUTES = 10;

/** Whether wall-clock `time` (HH:MM) falls in the quiet hours, which may wrap midnight. */
export function isQuietTime(time: string, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  if (quiet.start < quiet.end) return time >= quiet.start && time < quiet.end;
  return time >= quiet.start || time < quiet.end;
}

/**
 * When quiet hours that hold `time` of `date` end: the business date and HH:MM (null when `time`
 * is not quiet). Quiet hours wrapping midnight, entered in the evening, end the next morning.
 */
export function quietHoursEnd(
  date: IsoDate,
  time: string,
  quiet: QuietHours,
): { date: IsoDate; time: string } | null {
  if (!isQuietTime(time, quiet)) return null;
  const wraps = quiet.start > quiet.end;
  return { date: wraps && time >= quiet.start ? addDays(date, 1) : date, time: quiet.end };
}

/** The reminder key of one subscription's end: at most one per subscription. */
export const expiryReminderKey = (subscriptionId: number) => `expiry:${subscriptionId}`;

/** The key of the `number`th reminder of one episode of dues (the dues owed since `dueSince`). */
export const duesReminderKey = (userId: number, dueSince: IsoDate, number: number) =>
  `dues:${userId}:${dueSince}:${number}`;

/** The day dues owed since `dueSince` become overdue (the dues status turns OVERDUE). */
export const overdueOn = (dueSince: IsoDate): IsoDate => addDays(dueSince, OVERDUE_AFTER_DAYS + 1);

/** A subscription's end, as the expiry reminder reads it. */
export interface ExpiryFacts {
  readonly subscriptionId: number;
  readonly endDate: IsoDate;
  readonly today: IsoDate;
}

/** The expiry reminder due today (its key and the day it fell due), or null. */
export function dueExpiryReminder(
  facts: ExpiryFacts,
  settings: ReminderSettings,
): { key: string; dueOn: IsoDate } | null {
  if (!settings.enabled || settings.before_expiry_days <= 0) return null;
  const daysLeft = diffDays(facts.endDate, facts.today);
  if (daysLeft < 0 || daysLeft > settings.before_expiry_days) return null;
  const dueOn = addDays(facts.endDate, -settings.before_expiry_days);
  return {
    key: expiryReminderKey(facts.subscriptionId),
    dueOn: dueOn > facts.today ? facts.today : dueOn,
  };
}

/** One episode of dues: a customer owing since `dueSince`, and the reminders of it already claimed. */
export interface DuesReminderFacts {
  readonly userId: number;
  readonly balancePaise: number;
  /** The oldest unpaid charge's date; null when nothing is owed. */
  readonly dueSince: IsoDate | null;
  /** How many reminders of this episode were claimed (queued, sent or skipped). */
  readonly claimed: number;
  /** The business date the last of them was claimed, or null. */
  readonly lastClaimedOn: IsoDate | null;
  readonly today: IsoDate;
}

/**
 * The day the `number`th dues reminder of an episode falls due by the schedule: the overdue day
 * (when on_due_date), then every N days; without on_due_date the first comes N days after it.
 */
export function duesReminderDate(
  dueSince: IsoDate,
  number: number,
  settings: ReminderSettings,
): IsoDate {
  const step = number - 1 + (settings.on_due_date ? 0 : 1);
  return addDays(overdueOn(dueSince), step * settings.every_days_overdue);
}

/**
 * The dues reminder due today for an episode, or null: the next number while fewer than
 * max_reminders were claimed, on or after its day by the schedule and at least N days after the
 * last one (a scheduler that was down catches up with one reminder, not a burst).
 */
export function dueDuesReminder(
  facts: DuesReminderFacts,
  settings: ReminderSettings,
): { key: string; number: number; dueOn: IsoDate } | null {
  if (!settings.enabled || facts.balancePaise <= 0 || facts.dueSince === null) return null;
  if (facts.claimed >= settings.max_reminders) return null;
  const number = facts.claimed + 1;
  let dueOn = duesReminderDate(facts.dueSince, number, settings);
  if (facts.lastClaimedOn !== null) {
    const spaced = addDays(facts.lastClaimedOn, settings.every_days_overdue);
    if (spaced > dueOn) dueOn = spaced;
  }
  if (dueOn > facts.today) return null;
  return { key: duesReminderKey(facts.userId, facts.dueSince, number), number, dueOn };
}
