// Which catalogue chunk a message lives in. The catalogues are one file per language
// (web/locales/en.json, hi.json); the build splits each into two chunks so a visitor's first paint
// carries only what the landing page and the frame around every page say:
//  - shell: the header, navigation, footer, language switch, route titles and the landing page,
//    loaded with the app;
//  - app: every other screen, loaded with the server-state chunk (web/session/serverState.ts),
//    which every page but the landing page already waits for.
// A key's namespace is its first segment, e.g. "landing.hero.title" → shell; of the route titles
// and navigation labels, only what a signed-out visitor sees on the landing page is in the shell
// (a signed-in user's links show once the profile, and with it the app messages, has loaded).

export const NAMESPACES = ['shell', 'app'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** First key segments whose messages the landing page and the frame need before anything else. */
export const SHELL_PREFIXES: ReadonlySet<string> = new Set([
  'shell',
  'footer',
  'language',
  'landing',
  'common',
]);

/** Single messages of other prefixes that the landing page shows a visitor. */
export const SHELL_KEYS: ReadonlySet<string> = new Set([
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

export function namespaceOf(key: string): Namespace {
  const prefix = key.slice(0, key.indexOf('.'));
  return SHELL_PREFIXES.has(prefix) || SHELL_KEYS.has(key) ? 'shell' : 'app';
}

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale Intl formats numbers and dates with, per language. */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'hi';
