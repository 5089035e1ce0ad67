// Calendar-date arithmetic on 'YYYY-MM-DD' strings. Dates are converted to whole UTC day numbers,
// so no local time zone or daylight-saving shift can move a date by one.

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;

/**
 * What a machine decides on when a moment ends what it allows (a link's expiry, a meal's cutoff):
 * that moment, named `Deadline`, and the moment it is asked, both ISO instants.
 */
export type DeadlineContext<Deadline extends string> = {
  readonly [Key in Deadline]: string;
} & { readonly now: string };

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a valid 'YYYY-MM-DD', or null. */
function toDayNumberOrNull(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Rejects 2025-02-30 and friends, which Date.UTC would silently roll over.
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day
  ) {
    return null;
  }
  return Math.round(ms / MS_PER_DAY);
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && toDayNumberOrNull(value) !== null;
}

/** Days since 1970-01-01. Throws on anything that is not a real 'YYYY-MM-DD' date. */
export function toDayNumber(date: IsoDate): number {
  const dayNumber = toDayNumberOrNull(date);
  if (dayNumber === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return dayNumber;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** `later − earlier` in whole days (negative when `later` is before `earlier`). */
export function diffDays(later: IsoDate, earlier: IsoDate): number {
  return toDayNumber(later) - toDayNumber(earlier);
}

/** Number of days from `start` to `end`, both counted; 0 when `end` is before `start`. */
export function inclusiveDays(start: IsoDate, end: IsoDate): number {
  return Math.max(0, diffDays(end, start) + 1);
}

/** -1, 0 or 1, for sorting. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return Math.sign(diffDays(a, b));
}

export function isBefore(a: IsoDate, b: IsoDate): boolean {
  return diffDays(a, b) < 0;
}

export function isAfter(a: IsoDate, b: IsoDate): boolean {
  return diffDays(a, b) > 0;
}

/** True when the two inclusive ranges share at least one day. */
export function rangesOverlap(
  a: { readonly start: IsoDate; readonly end: IsoDate },
  b: { readonly start: IsoDate; readonly end: IsoDate },
): boolean {
  return !isAfter(a.start, b.end) && !isAfter(b.start, a.end);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat, made once per locale and options: making one costs far more than using
 * it (a delivery mark's cutoff checks made several per request), and a format keeps no state.
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The calendar date at instant `nowMs` in `timeZone` (an IANA name such as 'Asia/Kolkata'). */
export function todayIn(timeZone: string, nowMs: number): IsoDate {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(nowMs));
}

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * '2026-11-23' → '23 Nov 2026', the app's way of writing a date (web, receipts). Written out by
 * hand because Intl's en-GB now abbreviates September as 'Sept'.
 */
export function formatCalendarDate(date: IsoDate): string {
  const [year, month, day] = fromDayNumber(toDayNumber(date)).split('-');
  return `${Number(day)} ${SHORT_MONTHS[Number(month) - 1]} ${year}`;
}

/** '2026-03-05' → '05-Mar-2026': the GST offline tool's dd-mmm-yyyy (GSTR-1 sheets). */
export function formatGstToolDate(date: IsoDate): string {
  const [year, month, day] = fromDayNumber(toDayNumber(date)).split('-');
  return `${day}-${SHORT_MONTHS[Number(month) - 1]}-${year}`;
}

/** '2026-11-28' → '28 Nov': a date of this season, its year left out (a cutoff's day). */
export function formatDayMonth(date: IsoDate): string {
  return formatCalendarDate(date).replace(/ \d{4}$/, '');
}
