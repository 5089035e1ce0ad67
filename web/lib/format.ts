// How the app writes money and dates: ₹2,000 and 22 Nov 2026.
import { formatCalendarDate, isIsoDate } from '../../machines/shared/dates';

/** ₹2,000 or ₹1,234.50 for an amount in rupees: the one formatter the web app and `dabba` share. */
export { formatRupees } from '../../machines/shared/money';

// Made on first use: building a formatter loads locale data (tens of ms on a phone), and most
// pages, the landing page among them, never show a time.
let timeFormat: Intl.DateTimeFormat | null = null;
const formatTime = (date: Date) =>
  (timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })).format(date);

/** The browser's local calendar date of an instant, as 'YYYY-MM-DD'. */
const localIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** '2026-11-22' → '22 Nov 2026'; a full timestamp gives its local calendar date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return isIsoDate(value) ? formatCalendarDate(value) : value;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatCalendarDate(localIsoDate(date));
}

/** '22 Nov 2026, 6:05 pm' for a timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : `${formatCalendarDate(localIsoDate(date))}, ${formatTime(date)}`;
}

/** Today as 'YYYY-MM-DD' in India, where the business runs. */
export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export function capitalise(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}

/** 'breakfast,lunch' meals as 'Breakfast, Lunch', or 'None'. */
export function formatMeals(meals: readonly string[] | null | undefined): string {
  return meals && meals.length > 0 ? meals.map(capitalise).join(', ') : 'None';
}

export function serviceLabel(serviceType: 'mess' | 'tiffin' | string): string {
  return serviceType === 'tiffin' ? 'Tiffin Service' : 'Mess Service';
}
