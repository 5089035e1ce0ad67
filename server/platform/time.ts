// Calendar dates in the business time zone (BUSINESS_TZ, default Asia/Kolkata).
import { addDays } from '@machines/shared';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

export const isoNow = (clock: Clock) => clock.now().toISOString();

export const secondsFromNow = (clock: Clock, seconds: number) =>
  new Date(clock.now().getTime() + seconds * 1000).toISOString();

// Building an Intl.DateTimeFormat costs far more than using one (the owner's home asks for 62
// day boundaries per request), so one is kept per zone.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds east of UTC of `timeZone` at `instantMs` (a whole second). */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instantMs));
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

/** The UTC instant (ISO) at which business date `date` begins in `timeZone`. */
export function businessDayStart(date: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  // The zone's offset at that moment, found by formatting it there; twice for DST edges.
  let start = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  start = midnightUtc - zoneOffsetMs(start, timeZone);
  return new Date(start).toISOString();
}

/** [start, end) of business date `date` as ISO instants, for comparing stored timestamps. */
export function businessDayRange(date: string, timeZone: string): [string, string] {
  return [businessDayStart(date, timeZone), businessDayStart(addDays(date, 1), timeZone)];
}
