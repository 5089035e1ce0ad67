// The journeys in either language. A spec names what it looks for in English, as the app's English
// catalogue words it, and `tx()` gives the words of the language under test: the "hindi" project
// (playwright.config.ts) runs the same journeys with the browser set to hi-IN, which the app
// follows until someone picks a language.
import {
  REFUSALS_EN,
  refusalSentence,
  type RefusalKey,
  type RefusalValues,
} from '@machines/shared';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allMessages } from '../../web/build/messages';

export type Language = 'en' | 'hi';
type Catalogue = Record<string, string>;

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string): Catalogue => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

function runtime(language: Language): I18n {
  return setupI18n({ locale: language, messages: { [language]: allMessages(language) } });
}

const english = read('web/locales/en.json');
const runtimes: Partial<Record<Language, I18n>> = {};
/** English message → its keys (a text may be several keys', which then say the same in Hindi). */
const keysByEnglish = new Map<string, string[]>();
for (const [key, message] of Object.entries(english)) {
  keysByEnglish.set(message, [...(keysByEnglish.get(message) ?? []), key]);
}

/** The language of the project running the current test. */
export function language(): Language {
  return test.info().project.name === 'hindi' ? 'hi' : 'en';
}

/** The Intl locale the app formats dates with in the language under test. */
export function locale(): string {
  return language() === 'hi' ? 'hi-IN' : 'en-IN';
}

/**
 * The text the app shows for the English catalogue message `message` (placeholders and all, e.g.
 * "Total paid {amount}"), filled with `values`, in the language under test. A message two keys
 * share must read the same in Hindi too, or the spec must name the key with `msg()`.
 */
export function tx(message: string, values?: Record<string, string | number>): string {
  const keys = keysByEnglish.get(message);
  // A refusal's sentence lives in the one catalogue (machines/shared/refusals.ts), by its key.
  const refusalKey = REFUSAL_KEYS_BY_ENGLISH.get(message);
  if (!keys && refusalKey) return refusal(refusalKey, values);
  if (!keys)
    throw new Error(`No message in web/locales/en.json or the refusals reads "${message}"`);
  const lang = language();
  const i18n = (runtimes[lang] ??= runtime(lang));
  const texts = new Set(keys.map((key) => i18n._(key, values)));
  if (texts.size > 1) {
    throw new Error(`"${message}" is ${keys.join(', ')}, which differ in ${lang}: use msg(key)`);
  }
  return [...texts][0]!;
}

/** The message `key` in the language under test. */
export function msg(key: string, values?: Record<string, string | number>): string {
  if (!(key in english)) throw new Error(`No message ${key} in web/locales/en.json`);
  const lang = language();
  const i18n = (runtimes[lang] ??= runtime(lang));
  return i18n._(key, values);
}

/** `text` as a RegExp source that matches it literally. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * tx() as a pattern, for a text with parts the spec does not know: a placeholder of `message`
 * ("{id}") left out of `values` matches any text, one given as a RegExp matches that. `whole`
 * anchors it at both ends. E.g. txPattern('{action} refund #{id}', { action: tx('Approve') })
 * finds "Approve refund #7" (and, in Hindi, "रिफ़ंड #7: स्वीकार करें").
 */
export function txPattern(
  message: string,
  values: Record<string, string | number | RegExp> = {},
  { whole = false }: { whole?: boolean } = {},
): RegExp {
  const holes: string[] = [];
  const hole = (source: string) => `\uE000${holes.push(source) - 1}\uE001`;
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    filled[name] = value instanceof RegExp ? hole(value.source) : value;
  }
  for (const [, name] of message.matchAll(/\{(\w+)\}/g)) filled[name!] ??= hole('.+?');
  const source = escapeRegex(tx(message, filled)).replace(
    /\uE000(\d+)\uE001/g,
    (_, index: string) => `(?:${holes[Number(index)]})`,
  );
  return new RegExp(whole ? `^${source}$` : source);
}

// ----- the server's words ---------------------------------------------------------------------

const serverRuntimes: Partial<Record<Language, { catalogue: Catalogue; i18n: I18n }>> = {};

function serverRuntime(lang: Language) {
  return (serverRuntimes[lang] ??= (() => {
    const catalogue = read(`server/locales/${lang}.json`);
    const messages = Object.fromEntries(
      Object.entries(catalogue).map(([key, message]) => [key, compileMessage(message)]),
    );
    return { catalogue, i18n: setupI18n({ locale: lang, messages: { [lang]: messages } }) };
  })());
}

/**
 * A text the server writes, in the language under test: `sentence` is a key of
 * server/locales/en.json, either an English API sentence itself ("Invalid credentials. Please try
 * again.", "Too many attempts. Please try again in {minutes} minutes." with `values`) or a notice
 * key ("notice.otp.sms"). As server/platform/i18n.ts does, a key Hindi lacks reads in English.
 */
export function serverTx(sentence: string, values?: Record<string, string | number>): string {
  if (!Object.hasOwn(serverRuntime('en').catalogue, sentence)) {
    throw new Error(`No message in server/locales/en.json reads "${sentence}"`);
  }
  const lang = language();
  const known = Object.hasOwn(serverRuntime(lang).catalogue, sentence) ? lang : 'en';
  return serverRuntime(known).i18n._(sentence, values);
}

/** A refusal's sentence from the catalogue (machines/shared/refusals.ts) in this run's language. */
export function refusal(key: RefusalKey, values?: RefusalValues): string {
  return refusalSentence(language(), key, values);
}

/** The refusal catalogue's keys by their English sentence (the first key of a shared sentence). */
const REFUSAL_KEYS_BY_ENGLISH: ReadonlyMap<string, RefusalKey> = new Map(
  (Object.entries(REFUSALS_EN) as [RefusalKey, string][])
    .reverse()
    .map(([key, sentence]) => [sentence, key]),
);
