// The languages the server writes in: its message catalogues (server/locales), compiled with Lingui,
// the date and money formats of each language, and the English sentences of the API translated.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatCalendarDate, formatRupees, isIsoDate, textIn } from '@machines/shared';
import type { Language } from './db/schema.js';
import en from '@server/locales/en.json';
import hi from '@server/locales/hi.json';

export type { Language };

const LANGUAGES = ['en', 'hi'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'en';

const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/** One catalogue per language: flat keys, ICU message syntax. */
export const CATALOGUES: Record<Language, Record<string, string>> = { en, hi };

/**
 * Keys that name a message (`notice.otp.sms`, `label.payment_mode.cash`, `receipt.phone`,
 * `audit.summary.plan.create`). Every
 * other key is gettext-style: the English sentence itself, as the API has always written it, so
 * the sentences the machines and the contract own are translated without each call site naming a
 * key.
 */
const MESSAGE_ID = /^(notice|label|receipt|audit)\./;

export const isSentenceKey = (key: string) => !MESSAGE_ID.test(key);

// Compiled on first use, once per language: a server that only ever writes English never parses
// the Hindi catalogue.
const compiled = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let i18n = compiled.get(language);
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(CATALOGUES[language]).map(([key, message]) => [key, compileMessage(message)]),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    compiled.set(language, i18n);
  }
  return i18n;
}

export type MessageValues = Record<string, string | number>;

/** Own keys only: a sentence may be any text, "constructor" included. */
export const hasMessage = (language: Language, id: string) =>
  Object.hasOwn(CATALOGUES[language], id);

/** The message `id` in `language`, with its placeholders filled in. */
export function t(language: Language, id: string, values?: MessageValues): string {
  // The catalogue test keeps both languages' keys equal; English is the safety net regardless.
  const known = hasMessage(language, id) ? language : DEFAULT_LANGUAGE;
  return i18nFor(known)._(id, values);
}

// ----- dates and money ----------------------------------------------------------------------

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A calendar date ('2026-11-24') as people read it: '24 Nov 2026', '24 नव॰ 2026'. English keeps the
 * product's own short months (machines/shared/dates.ts): Intl's en-IN writes September "Sept".
 * Anything that is not a date is given back as it is; null reads as nothing.
 */
export function formatDate(language: Language, date: string | null | undefined): string {
  if (!date || !isIsoDate(date)) return date ?? '';
  if (language === 'en') return formatCalendarDate(date);
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(`${language}-IN`, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * Rupees as people read them: ₹1,23,456 with Indian grouping, paise only when there are some
 * (₹1,234.50). English is the product's own format (machines/shared/money.ts, equal to en-IN);
 * other languages use Intl's `<language>-IN`, which keeps ₹ and the Indian grouping.
 */
export function formatMoney(language: Language, amountPaise: number): string {
  const paise = Math.round(Number(amountPaise));
  if (language === 'en' || !Number.isSafeInteger(paise)) return formatRupees(paise / 100);
  const digits = paise % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(`${language}-IN`, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(paise / 100);
}

// ----- notices ----------------------------------------------------------------------------

/** What a notice needs to be written in its recipient's language. */
export interface Localizer {
  readonly language: Language;
  t(id: string, values?: MessageValues): string;
  /** A calendar date as people read it in this language (formatDate). */
  date(date: string | null | undefined): string;
  rupees(amountPaise: number): string;
  /** A text the owner gave in English and maybe Hindi (a plan's name): this language's (textIn). */
  text(english: string, hindi: string | null | undefined): string;
}

export function localizer(language: Language): Localizer {
  return {
    language,
    t: (id, values) => t(language, id, values),
    date: (date) => formatDate(language, date),
    rupees: (amountPaise) => formatMoney(language, amountPaise),
    text: (english, hindi) => textIn(language, english, hindi),
  };
}

// ----- the API's sentences ------------------------------------------------------------------

interface SentencePattern {
  key: string;
  regex: RegExp;
  names: string[];
}

let sentencePatterns: SentencePattern[] | null = null;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sentence keys with placeholders ("Too many attempts. Please try again in {minutes}
 * minutes."), each as a regular expression that finds the values in an English sentence. Longest
 * first, so the most specific pattern wins.
 */
function patterns(): SentencePattern[] {
  if (!sentencePatterns) {
    sentencePatterns = Object.keys(CATALOGUES.en)
      .filter((key) => isSentenceKey(key) && /\{\w+\}/.test(key))
      .sort((a, b) => b.length - a.length)
      .map((key) => {
        const parts = key.split(/\{(\w+)\}/);
        const names = parts.filter((_, index) => index % 2 === 1);
        const source = parts
          .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegex(part)))
          .join('');
        return { key, regex: new RegExp(`^${source}$`, 's'), names };
      });
  }
  return sentencePatterns;
}

/**
 * An English sentence of the API (an error's detail, a field's message, a refusal) in `language`:
 * looked up as a whole, then against the patterns for sentences that carry a number or a name. A
 * sentence the catalogue does not know stays English.
 */
export function translateSentence(language: Language, sentence: string): string {
  if (language === DEFAULT_LANGUAGE) return sentence;
  if (isSentenceKey(sentence) && hasMessage(language, sentence)) {
    return t(language, sentence);
  }
  for (const pattern of patterns()) {
    const match = pattern.regex.exec(sentence);
    if (!match) continue;
    const values: MessageValues = {};
    pattern.names.forEach((name, index) => (values[name] = match[index + 1] ?? ''));
    return t(language, pattern.key, values);
  }
  return sentence;
}

/**
 * The language of a request's answer, from its Accept-Language header: the most preferred of
 * ours (`hi`, `hi-IN`; `en-GB`), else English. The web app sends its chosen language on every
 * call; the CLI and curl send none and read English.
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  let best: { language: Language; quality: number } | null = null;
  for (const entry of value.split(',')) {
    const [tag = '', ...params] = entry.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!(quality > 0)) continue;
    if (!best || quality > best.quality) best = { language: primary, quality };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
