// The business's policies (the owner's settings): each meal's cutoff and whether single meals may
// be skipped. The server stores them, the web app and `dabba` show and change them, and every host
// computes a meal's cutoff here, in the business's time zone.
import type { components } from '../../generated/api';
import { addDays, type IsoDate } from '../shared/dates';

export type BusinessSettings = components['schemas']['BusinessSettings'];
export type Meal = components['schemas']['Meal'];
export type MealCutoff = components['schemas']['MealCutoff'];

/** The meals of a day, in the order they are served. */
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const satisfies readonly Meal[];

export const isMeal = (value: unknown): value is Meal =>
  (MEALS as readonly unknown[]).includes(value);

/**
 * A new install's settings: breakfast fixed at 22:00 the evening before, lunch at 09:00 and dinner
 * at 15:00 the same day (cutoffs operators publish), single-meal skips on.
 */
export const DEFAULT_SETTINGS: BusinessSettings = {
  cutoffs: {
    breakfast: { time: '22:00', days_before: 1 },
    lunch: { time: '09:00', days_before: 0 },
    dinner: { time: '15:00', days_before: 0 },
  },
  skips_enabled: true,
};

/** Milliseconds east of UTC of `timeZone` at `instantMs`. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
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
