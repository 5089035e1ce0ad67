// How the app writes money and dates in the chosen language: ₹2,000 and 22 Nov 2026 in English,
// ₹2,000 and 22 नव॰ 2026 in Hindi (Intl's en-IN / hi-IN; both group digits the Indian way); and the
// business's "today".
import {
  formatCalendarDate,
  formatRupees,
  isIsoDate,
  subscriptionMoneyFacts,
  type IsoDate,
  type MoneyFact,
  type SubscriptionMoney,
  todayIn,
} from '@machines/shared';
import { injectedBusiness, type Business } from '@web/app/business';
import { currentLanguage, currentLocale, t, type MessageId } from '@web/i18n/i18n';

/**
 * ₹2,000 or ₹1,234.50 for an amount in rupees: the one formatter the web app and `dabba` share.
 * hi-IN writes rupees exactly as en-IN does (Latin digits, Indian grouping), so it serves both.
 */
export { formatRupees } from '@machines/shared';

let answeredTimeZone: string | null = null;

/** Keeps the time zone of a business profile the API answered (the Vite dev server's pages). */
export function rememberBusinessTimeZone(business: Pick<Business, 'time_zone'>): void {
  answeredTimeZone = business.time_zone;
}

/**
 * The business's time zone (BUSINESS_TZ), whose calendar every date of subscriptions, leaves and
 * payments follows: the one clock, as the server serves it with the page's business profile (GET
 * /api/business/'s time_zone). Every "today" and every time of day the app shows comes through here.
 * Until a profile is known (a page the dev server sent, before its first answer) the browser's own.
 */
export function businessTimeZone(): string {
  return (
    injectedBusiness()?.time_zone ??
    answeredTimeZone ??
    Intl.DateTimeFormat().resolvedOptions().timeZone
  );
}

/** Today as 'YYYY-MM-DD' in the business's time zone. */
export function todayIso(): IsoDate {
  return todayIn(businessTimeZone(), Date.now());
}

/** The business's calendar date of an instant (an API timestamp), as 'YYYY-MM-DD'. */
export function businessDateOf(timestamp: string): IsoDate {
  return todayIn(businessTimeZone(), Date.parse(timestamp));
}

// Made on first use, per locale: building a formatter loads locale data (tens of ms on a phone),
// and most pages, the landing page among them, never show a time.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = currentLocale();
  const zone = options.timeZone ?? businessTimeZone();
  let formatter = formats.get(`${locale}/${zone}/${key}`);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    formats.set(`${locale}/${zone}/${key}`, formatter);
  }
  return formatter;
}

const formatTime = (date: Date) =>
  currentLanguage() === 'en'
    ? format('time-en', { hour: 'numeric', minute: '2-digit', hour12: true }).format(date)
    : format('time', { hour: 'numeric', minute: '2-digit' }).format(date);

/** A calendar date 'YYYY-MM-DD' in the current language: '22 Nov 2026' or '22 नव॰ 2026'. */
function calendarDate(iso: string): string {
  if (currentLanguage() === 'en') return formatCalendarDate(iso);
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return format('date', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A calendar date's weekday in the current language: '2026-11-30' → 'Monday' (सोमवार). */
export function formatWeekday(iso: IsoDate): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return format('weekday', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** '2026-11-22' → '22 Nov 2026'; a full timestamp gives its calendar date in the business's zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return isIsoDate(value) ? calendarDate(value) : value;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return calendarDate(todayIn(businessTimeZone(), date.getTime()));
}

/** '9:00 am' (सुबह 9:00 in Hindi) for a timestamp, on the business's clock. */
export function formatClock(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatTime(date);
}

/** '22 Nov 2026, 6:05 pm' for a timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : `${calendarDate(todayIn(businessTimeZone(), date.getTime()))}, ${formatTime(date)}`;
}

/**
 * The words the API sends in lower case that the screens show by name: meals, services, customer
 * types, feedback priorities and diets, each in the current language. Marked pure so the landing page,
 * which takes only formatRupees from here, does not carry it.
 */
const WORDS: ReadonlyMap<string, MessageId> = /* @__PURE__ */ new Map<string, MessageId>([
  ['breakfast', 'format.meal.breakfast'],
  ['lunch', 'format.meal.lunch'],
  ['dinner', 'format.meal.dinner'],
  ['mess', 'format.service.mess'],
  ['tiffin', 'format.service.tiffin'],
  ['student', 'format.userType.student'],
  ['regular', 'format.userType.regular'],
  ['low', 'status.priority.low'],
  ['medium', 'status.priority.medium'],
  ['high', 'status.priority.high'],
  ['urgent', 'status.priority.urgent'],
  // Dish marks and diets (machines/menu).
  ['veg', 'format.diet.veg'],
  ['egg', 'format.diet.egg'],
  ['non_veg', 'format.diet.non_veg'],
  ['jain', 'format.diet.jain'],
]);

/**
 * A value as a name: 'breakfast' → 'Breakfast' (नाश्ता in Hindi) for the words of WORDS, else the
 * word with its first letter capitalised.
 */
export function wordLabel(word: string): string {
  const id = WORDS.get(word);
  if (id) return t(id);
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}

/** A meal's name in the current language: 'breakfast' → 'Breakfast'. */
export const mealLabel = (meal: string): string => wordLabel(meal);

/** 'breakfast,lunch' meals as 'Breakfast, Lunch', or 'None' (in the current language). */
export function formatMeals(meals: readonly string[] | null | undefined): string {
  return meals && meals.length > 0 ? meals.map(mealLabel).join(', ') : t('format.meals.none');
}

export function serviceLabel(serviceType: 'mess' | 'tiffin' | string): string {
  return serviceType === 'tiffin' ? t('format.serviceLabel.tiffin') : t('format.serviceLabel.mess');
}

/** The label of each money figure (machines/shared subscriptionMoneyFacts). */
const MONEY_LABELS: Readonly<Record<MoneyFact, MessageId>> = {
  price: 'format.money.price',
  paid: 'format.money.paid',
  refunded: 'format.money.refunded',
  due: 'format.money.due',
  refund_due: 'format.money.refundDue',
};

/** 'Price', 'Paid', 'Refunded', 'Due' or 'Refund due', in the current language. */
export const moneyLabel = (fact: MoneyFact): string => t(MONEY_LABELS[fact]);

/**
 * A subscription's money as labelled figures for a Details list or a card:
 * [['Price', '₹1,800'], ['Paid', '₹1,000'], ['Due', '₹800']]. `every`: all four, zeros too.
 */
export function subscriptionMoneyItems(
  money: SubscriptionMoney,
  options: { every?: boolean } = {},
): [string, string][] {
  return subscriptionMoneyFacts(money, options).map(({ fact, amount }) => [
    moneyLabel(fact),
    formatRupees(amount),
  ]);
}
