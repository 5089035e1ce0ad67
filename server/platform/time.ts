// Calendar dates in the business time zone (BUSINESS_TZ, default Asia/Kolkata).
import { addDays, todayIn } from '@machines/shared';
import { instantInZone } from '@machines/settings';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return todayIn(timeZone, instant.getTime());
}

export const isoNow = (clock: Clock) => clock.now().toISOString();

/** The UTC instant (ISO) at which business date `date` begins in `timeZone`. */
export const businessDayStart = (date: string, timeZone: string): string =>
  instantInZone(date, '00:00', timeZone);

/** [start, end) of business date `date` as ISO instants, for comparing stored timestamps. */
export function businessDayRange(date: string, timeZone: string): [string, string] {
  return [businessDayStart(date, timeZone), businessDayStart(addDays(date, 1), timeZone)];
}
