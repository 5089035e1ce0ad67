import { setupI18n } from '@lingui/core';
import type { Language, Translate } from '@web/i18n/i18n';

/**
 * A chunk's messages in `language`, whatever the app shows, for words written to a reader of the
 * other language; the app's own catalogue is untouched.
 */
export async function translatorIn(language: Language, namespace: string): Promise<Translate> {
  const { loaders } = await import('virtual:messages/loaders');
  const load = loaders[language]?.[namespace];
  if (!load) throw new Error(`No messages ${language}/${namespace}`);
  const { messages } = await load();
  const reader = setupI18n({ locale: language, messages: { [language]: messages } });
  return (id, values) => reader._(id, values);
}
