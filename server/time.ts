// Calendar dates in the business time zone (BUSINESS_TZ, default Asia/Kolkata).

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
