// The business's policies (the owner's settings): each meal's cutoff, whether single meals may be
// skipped and what a skipped day earns, and the leave policy. The server stores them, the web app
// and `dabba` show and change them, and every host computes a meal's cutoff here, in the
// business's time zone.
import type { components } from '../../generated/api';
import { DEFAULT_HOLD_POLICY, type PaymentPolicy } from '../dues/dues.rules';
import { MAX_LEAVE_DAYS } from '../shared/constants';
import { addDays, dateTimeFormat, type IsoDate } from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import { DEFAULT_REMINDER_SETTINGS } from '../reminder/reminder.rules';
import { DEFAULT_WHATSAPP_SETTINGS } from '../whatsapp/whatsapp.rules';

export type BusinessSettings = components['schemas']['BusinessSettings'];
/** A save: `leaves` and `skip_credit` may be missing (a client older than them). */
export type BusinessSettingsChange = components['schemas']['BusinessSettingsChange'];
export type CustomerPolicies = components['schemas']['CustomerPolicies'];
export type LeavePolicy = components['schemas']['LeavePolicy'];
export type SkipCredit = components['schemas']['SkipCredit'];
export type { PaymentPolicy } from '../dues/dues.rules';
/** The mess's UPI id and payee name (the counter QR) and how long a payment link lives. */
export type UpiSettings = components['schemas']['UpiSettings'];
/** What a WhatsApp message costs, for the owner home's estimate. */
export type WhatsappSettings = components['schemas']['WhatsappSettings'];
export type { ReminderSettings } from '../reminder/reminder.rules';
export type Meal = components['schemas']['Meal'];
export type MealCutoff = components['schemas']['MealCutoff'];

export const SKIP_CREDITS = ['none', 'day'] as const satisfies readonly SkipCredit[];

/**
 * The spec's leave rules, which hold until the owner changes them: at most 15 days, every approved
 * leave extends the subscription, no monthly cap, no notice before a cutoff.
 */
export const DEFAULT_LEAVE_POLICY: LeavePolicy = {
  max_days: MAX_LEAVE_DAYS,
  min_extending_days: 1,
  max_days_per_month: null,
  before_cutoff: false,
};

/** A subscription starts on full payment until the owner allows dues; the dues hold is off. */
export const DEFAULT_PAYMENT_POLICY: PaymentPolicy = {
  activation: 'full_payment',
  max_dues: 0,
  hold: DEFAULT_HOLD_POLICY,
};

/** The bounds of the leave policy's numbers (the contract's). */
export const LEAVE_POLICY_LIMITS = {
  maxDays: { min: 1, max: 90 },
  minExtendingDays: { min: 1, max: 90 },
  maxDaysPerMonth: { min: 1, max: 31 },
} as const;

/** The meals of a day, in the order they are served. */
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const satisfies readonly Meal[];

export const isMeal = (value: unknown): value is Meal =>
  (MEALS as readonly unknown[]).includes(value);

/**
 * A meal's day on the business's clock (HH:MM, 24-hour): the kitchen cooks it until `served`, when
 * it goes out to the counter and the riders (a tiffin lunch leaves by noon, so at 6 am the kitchen
 * is on lunch), and it is served and delivered until `over`. The one table of meal times: the
 * kitchen sheet opens on the meal being cooked (cookingMealAt), the run sheets on the meal still
 * going out (servingMealAt).
 */
export const MEAL_HOURS: Readonly<
  Record<Meal, { readonly served: string; readonly over: string }>
> = {
  breakfast: { served: '06:00', over: '10:00' },
  lunch: { served: '12:00', over: '16:00' },
  dinner: { served: '19:00', over: '24:00' },
};

/** The meal still going out at wall-clock `time` (HH:MM): the first whose service is not over. */
export const servingMealAt = (time: string): Meal =>
  MEALS.find((meal) => time < MEAL_HOURS[meal].over) ?? 'dinner';

/** A meal of a date: what the kitchen sheet shows. */
export interface DatedMeal {
  readonly date: IsoDate;
  readonly meal: Meal;
}

/**
 * The meal the kitchen is cooking at instant `at` (ISO) in `timeZone`: the first of the business's
 * day that has not gone out yet; once dinner has, tomorrow's breakfast.
 */
export function cookingMealAt(at: string, timeZone: string): DatedMeal {
  const wall = wallClockIn(at, timeZone);
  const meal = MEALS.find((candidate) => wall.time < MEAL_HOURS[candidate].served);
  return meal ? { date: wall.date, meal } : { date: addDays(wall.date, 1), meal: 'breakfast' };
}

/**
 * A new install's settings: breakfast fixed at 22:00 the evening before, lunch at 09:00 and dinner
 * at 15:00 the same day (cutoffs operators publish), single-meal skips on and earning nothing, and
 * the spec's leave rules.
 */
export const DEFAULT_SETTINGS: BusinessSettings = {
  cutoffs: {
    breakfast: { time: '22:00', days_before: 1 },
    lunch: { time: '09:00', days_before: 0 },
    dinner: { time: '15:00', days_before: 0 },
  },
  skips_enabled: true,
  skip_credit: 'none',
  leaves: DEFAULT_LEAVE_POLICY,
  payments: DEFAULT_PAYMENT_POLICY,
  reminders: DEFAULT_REMINDER_SETTINGS,
  whatsapp: DEFAULT_WHATSAPP_SETTINGS,
};

/**
 * The settings a save leads to: `change` over `current`, a part a client left out (or a row saved
 * before it existed) keeping its value.
 */
export function mergeSettings(
  current: BusinessSettings,
  change: Partial<BusinessSettingsChange>,
): BusinessSettings {
  return {
    cutoffs: { ...current.cutoffs, ...change.cutoffs },
    skips_enabled: change.skips_enabled ?? current.skips_enabled,
    skip_credit: change.skip_credit ?? current.skip_credit,
    leaves: { ...current.leaves, ...change.leaves },
    payments: { ...current.payments, ...change.payments },
    reminders: {
      ...current.reminders,
      ...change.reminders,
      quiet_hours: { ...current.reminders.quiet_hours, ...change.reminders?.quiet_hours },
    },
    whatsapp: { ...current.whatsapp, ...change.whatsapp },
    // Absent until the owner first sets a UPI id.
    ...((change.upi ?? current.upi) ? { upi: change.upi ?? current.upi } : {}),
  };
}

/** Rules across fields the contract cannot state (empty: the settings may be saved). */
export function settingsProblems(settings: BusinessSettings): Refusal[] {
  const { leaves } = settings;
  if (leaves.min_extending_days > leaves.max_days) {
    return [
      refusal('settings.min_extending_above_max', {
        min: leaves.min_extending_days,
        max: leaves.max_days,
      }),
    ];
  }
  return [];
}

/**
 * The payment policy's rules the contract cannot state, each under its field: with dues allowed, a
 * limit of ₹0 would let nothing owe and start, the same as full payment but saying otherwise.
 */
export function paymentPolicyProblems(
  policy: PaymentPolicy,
): (Refusal<'settings.max_dues_zero'> & { readonly field: 'payments.max_dues' })[] {
  if (policy.activation === 'dues_allowed' && policy.max_dues < 1) {
    return [{ field: 'payments.max_dues', ...refusal('settings.max_dues_zero') }];
  }
  return [];
}

/** What a customer's requests are decided by: the customer-readable part of the settings. */
export const customerPolicies = (settings: BusinessSettings): CustomerPolicies => ({
  skips_enabled: settings.skips_enabled,
  skip_credit: settings.skip_credit,
  leaves: settings.leaves,
});

/** The first of `meals` in serving order (null: none). */
export const firstMeal = (meals: readonly Meal[]): Meal | null =>
  MEALS.find((meal) => meals.includes(meal)) ?? null;

/** Milliseconds east of UTC of `timeZone` at `instantMs`. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant (ISO, UTC) at which wall-clock `time` (HH:MM) of `date` happens in `timeZone`. */
export function instantInZone(date: IsoDate, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // The zone's offset at that moment, found by formatting it there; twice for DST edges.
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The business date and wall-clock time at which `meal` of `date` is fixed. */
export function cutoffOf(
  settings: BusinessSettings,
  meal: Meal,
  date: IsoDate,
): { readonly date: IsoDate; readonly time: string } {
  const cutoff = settings.cutoffs[meal];
  return { date: addDays(date, -cutoff.days_before), time: cutoff.time };
}

/** The instant (ISO) at which `meal` of `date` is fixed, in the business's time zone. */
export function cutoffAt(
  settings: BusinessSettings,
  meal: Meal,
  date: IsoDate,
  timeZone: string,
): string {
  const local = cutoffOf(settings, meal, date);
  return instantInZone(local.date, local.time, timeZone);
}

/** The business date and wall-clock time (HH:MM) of instant `at` (ISO) in `timeZone`. */
export function wallClockIn(at: string, timeZone: string): { date: IsoDate; time: string } {
  const instant = Date.parse(at);
  const wall = new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}
