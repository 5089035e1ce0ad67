// The server's refusals in the current language, looked up by key in the one catalogue
// (machines/shared/refusals.ts): the same sentence the API writes, never found by its English.
// Hindi's sentences load with Hindi's app messages (./i18n.ts), so a page carries one language's.
import {
  fillSentence,
  isRefusalKey,
  REFUSALS_EN,
  type Refusal,
  type RefusalKey,
  type RefusalValues,
} from '@machines/shared';
import { ApiError, errorMessage } from '@web/api/errors';
import { currentLanguage, refusalCatalogue } from './i18n';

/** The catalogue's sentence for `key` in the current language. */
export function refusalKeyText(key: RefusalKey, values?: RefusalValues): string {
  const language = currentLanguage();
  const sentence = refusalCatalogue(language)?.[key];
  return sentence === undefined
    ? fillSentence('en', REFUSALS_EN[key], values)
    : fillSentence(language, sentence, values);
}

/** A machine's refusal (decide(), a rule's check) as the current language writes it. */
export const refusalText = (refused: Pick<Refusal, 'key' | 'values'>): string =>
  refusalKeyText(refused.key, refused.values);

/** A refused request's sentence: the catalogue's when the server names its code, else its own or `fallback`. */
export function apiRefusalText(error: unknown, fallback: string): string {
  const code = error instanceof ApiError ? error.body?.error_code : undefined;
  return isRefusalKey(code) ? refusalKeyText(code) : errorMessage(error, fallback);
}
