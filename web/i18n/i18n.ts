// The app's language: Lingui's runtime over the compiled catalogues (web/build/messages.ts).
// English's shell messages come with the app; everything else loads when first needed: the other
// language on a switch, and the "app" namespace with the server-state chunk (./namespaces.ts).
import { i18n } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import { messages as englishShell } from 'virtual:messages/en/shell';
import type { loaders } from 'virtual:messages/loaders';
import type english from '@web/locales/en.json';
import { APP, isLanguage, LOCALES, SHELL, type Language, type Namespace } from './namespaces';

export type { Language } from './namespaces';

/** Each language named in its own script, as a reader of that language looks for it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

/** Every message's key: a key missing from web/locales/en.json is a type error where it is used. */
export type MessageId = keyof typeof english;
type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** Where the device remembers its language. */
export const LANGUAGE_KEY = 'dabba.language';
/**
 * Set beside it while that language is a signed-in account's rather than picked on this device
 * (./accountLanguage.ts): a pick is given to the next account signed in here, an account's is not.
 */
export const FROM_ACCOUNT_KEY = 'dabba.language.from';

type LoaderMap = { loaders: typeof loaders };
let messageLoaders: () => Promise<LoaderMap> = () =>
  Promise.reject(new Error('setMessageLoaders() was not called'));

/**
 * Where the map of message chunks comes from: the app's entry passes
 * `() => import('virtual:messages/loaders')`, so the import (and Vite's preload helper with it)
 * stays in the entry chunk rather than splitting the first paint's JavaScript into one more file.
 */
export function setMessageLoaders(load: () => Promise<LoaderMap>) {
  messageLoaders = load;
}

const loaded = new Map<string, Promise<void>>();

/** The server's refusals in each language but English, once loaded (./refusals.ts). */
const refusalCatalogues: Partial<Record<Language, Readonly<Record<string, string>>>> = {};

/** The refusal sentences of `language` when they have loaded (English's are the machines'). */
export const refusalCatalogue = (language: Language) => refusalCatalogues[language];
/** Namespaces some screen has needed; a switch loads them in the new language before showing it. */
const wanted = new Set<Namespace>([SHELL]);

function ensure(language: Language, namespace: Namespace): Promise<void> {
  const key = `${language}/${namespace}`;
  let pending = loaded.get(key);
  if (!pending) {
    // The map of chunks loads first, itself on demand: a visitor's landing page never needs it.
    pending = messageLoaders()
      .then(({ loaders }) => {
        const load = loaders[language]?.[namespace];
        if (!load) throw new Error(`No messages ${language}/${namespace}`);
        return load();
      })
      .then(
        ({ messages, refusals }) => {
          // A language's app messages bring the server's refusals in it (web/build/messages.ts).
          if (refusals) refusalCatalogues[language] = refusals;
          i18n.load(language, messages);
        },
        (error: unknown) => {
          loaded.delete(key); // a lost connection may be tried again
          throw error;
        },
      );
    loaded.set(key, pending);
  }
  return pending;
}

function ensureWanted(language: Language): Promise<void> {
  return Promise.all([...wanted].map((namespace) => ensure(language, namespace))).then(() => {});
}

i18n.load('en', englishShell);
loaded.set(`en/${SHELL}`, Promise.resolve());

/** The language this device remembers (a pick, or an account's: ./accountLanguage.ts), if any. */
function rememberedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // Storage refused (private mode): nothing was remembered.
  }
}

/** The language this device remembers, else the browser's first preference. */
function storedLanguage(): Language {
  return rememberedLanguage() ?? (navigator.language.toLowerCase().startsWith('hi') ? 'hi' : 'en');
}

function show(language: Language) {
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** Activates the remembered language, loading its shell messages first when it is not English. */
export function startLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === 'en') {
    show('en');
    return Promise.resolve();
  }
  return ensureWanted(language).then(
    () => show(language),
    () => show('en'),
  );
}

/** A namespace's messages in the current language (and in any language switched to later). */
export function loadMessages(namespace: Namespace): Promise<void> {
  wanted.add(namespace);
  return ensure(currentLanguage(), namespace);
}

/** What every screen behind the server-state chunk shares (web/i18n/namespaces.ts). */
export const loadAppMessages = (): Promise<void> => loadMessages(APP);

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** Intl's locale for the current language: en-IN or hi-IN. */
export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * Shows the app in `language` once its messages have loaded, and remembers it on this device as
 * picked here (./accountLanguage.ts rememberAsAccountLanguage marks a signed-in account's).
 */
export async function switchLanguage(language: Language): Promise<void> {
  // A page may ask for its messages while these load (signing in opens one as the account's
  // language is switched to), and it asks in the language still shown: load until nothing more is
  // wanted, so the page is in the new language when it is shown.
  let wantedBefore: number;
  do {
    wantedBefore = wanted.size;
    await ensureWanted(language);
  } while (wanted.size !== wantedBefore);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
    localStorage.removeItem(FROM_ACCOUNT_KEY);
  } catch {
    // Not remembered on this device; the account still remembers it once signed in.
  }
  if (language !== currentLanguage()) show(language);
}

/** Whether `id` has loaded in the current language (a route's title may wait for the app's). */
export const hasMessage = (id: MessageId): boolean => i18n.messages[id] !== undefined;

/** A message in the current language, for code outside React (toasts, machines' errors). */
export const t: Translate = (id, values) => i18n._(id, values);

// React follows the runtime through its "change" event (a language activated, messages loaded):
// no provider, so the landing page carries Lingui's core and not its React package.
let version = 0;
i18n.on('change', () => {
  version += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentVersion = () => version;

/** A message in the current language; the component renders again when the language changes. */
export function useT(): Translate {
  const seen = useSyncExternalStore(subscribe, currentVersion, currentVersion);
  // A new function per change, so effects and memos that use it run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `seen` is what makes it new
  return useMemo<Translate>(() => (id, values) => i18n._(id, values), [seen]);
}

/** The language shown; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

export { i18n };
