// Which catalogue chunk a message lives in. The catalogues are one file per language
// (web/locales/en.json, hi.json); the build splits each into chunks, so a screen downloads what it
// says and little else:
//  - shell: the header, navigation, footer, language switch and the landing page, loaded with the
//    app (a visitor's first paint carries only these);
//  - app: what every other screen shares (fields, toasts, statuses, meal and service names, the
//    checkout, the session's messages, titles and a signed-in user's links), loaded with the
//    server-state chunk (web/session/serverState.ts) that every page but the landing page waits for;
//  - one chunk per page's own prefix ("superuser", "owner", "leaves", …), loaded with that page
//    (web/app/routes.ts names it).
// A key's namespace follows from its first segment, e.g. "landing.hero.title" → shell.

export const SHELL = 'shell';
export const APP = 'app';
export type Namespace = string;

/** First key segments whose messages the landing page and the frame need before anything else. */
const SHELL_PREFIXES: ReadonlySet<string> = new Set([
  'shell',
  'footer',
  'language',
  'landing',
  'common',
]);

/** Single messages of other prefixes that the landing page shows a visitor. */
const SHELL_KEYS: ReadonlySet<string> = new Set([
  'route.landing',
  // The visitor's header and the footer's links.
  'nav.login',
  'nav.register',
  'nav.contact',
  'nav.contactUs',
  'nav.plans',
  'nav.mySubscriptions',
  'nav.feedback',
]);

/** First key segments every page may use: they ship in the shared "app" chunk. */
const APP_PREFIXES: ReadonlySet<string> = new Set([
  'ui',
  'format',
  'status',
  'checkout',
  'session',
  'route',
  'nav',
  'plansModal',
  // The dashboard's menu (web/pages/menu/MenuToday.tsx), which the dashboard shows.
  'menuToday',
  'api',
  // A customer's statement (web/features/dues/Statement.tsx): the customer's Payment History and the
  // owner's dues both show it.
  'ledger',
  // Why a customer's meals are paused (web/features/dues/DuesHold.tsx): the customer's home,
  // subscriptions and payment history, and the owner's dues list and kitchen sheet show it.
  'hold',
  // An erased customer's name (web/i18n/labels.ts personName), wherever the owner reads names.
  'person',
]);

/**
 * Messages of the profile page that other pages show too: a customer's profile fields (their
 * labels, choices and complaints), which the owner's walk-in form and customer details dialog show
 * as the customer's own profile form words them (web/features/onboarding ProfileFields).
 */
const APP_KEY_PREFIXES: readonly string[] = ['profile.field.', 'profile.year.', 'profile.error.'];
const APP_KEYS: ReadonlySet<string> = new Set(['profile.address']);

export function namespaceOf(key: string): Namespace {
  const prefix = key.slice(0, key.indexOf('.'));
  if (SHELL_PREFIXES.has(prefix) || SHELL_KEYS.has(key)) return SHELL;
  if (APP_KEYS.has(key) || APP_KEY_PREFIXES.some((start) => key.startsWith(start))) return APP;
  return APP_PREFIXES.has(prefix) ? APP : prefix;
}

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale Intl formats numbers and dates with, per language. */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';
