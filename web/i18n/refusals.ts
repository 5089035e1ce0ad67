// The server's refusals in the current language, looked up by key in the one catalogue
// (machines/shared/refusals.ts): the same sentence the API writes, never found by its English.
import {
  isRefusalKey,
  refusalSentence,
  type Refusal,
  type RefusalKey,
  type RefusalValues,
} from '@machines/shared';
import { ApiError, errorMessage } from '@web/api/errors';
import { currentLanguage } from './i18n';

/** A machine's refusal (decide(), a rule's check) as the current language writes it. */
export const refusalText = (refused: Pick<Refusal, 'key' | 'values'>): string =>
  refusalSentence(currentLanguage(), refused.key, refused.values);

/** The catalogue's sentence for `key` in the current language. */
export const refusalKeyText = (key: RefusalKey, values?: RefusalValues): string =>
  refusalSentence(currentLanguage(), key, values);

/** A refused request's sentence: the catalogue's when the server names its code, else its own or `fallback`. */
export function apiRefusalText(error: unknown, fallback: string): string {
  const code = error instanceof ApiError ? error.body?.error_code : undefined;
  return isRefusalKey(code) ? refusalKeyText(code) : errorMessage(error, fallback);
}
