// Signing in to an account whose language is not the device's switches to the account's language
// (web/session/SessionProvider.tsx) while the first page is already loading its messages in the
// device's. An English phone signing in to a Hindi account read the dashboard as raw keys
// ("dashboard.hello") until a reload: the page's messages had loaded in English only. Whatever a
// page asks for while a switch is loading must be there in the language switched to.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  i18n,
  loadMessages,
  setMessageLoaders,
  switchLanguage,
  t,
  type MessageId,
} from '../../web/i18n/i18n';

/** A page's namespace of its own, so no other test file has loaded it in either language. */
const PAGE = 'languageSwitchProbe';
const GREETING = `${PAGE}.greeting` as MessageId;
const WORDS = { en: 'Hello', hi: 'नमस्ते' } as const;

let before: string;
beforeAll(() => {
  before = i18n.locale;
  // The switch marks the page's language on <html>; the tests run without a DOM.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
});
afterAll(() => {
  vi.unstubAllGlobals();
  setMessageLoaders(() => import('virtual:messages/loaders'));
  i18n.activate(before || 'en');
});

it("loads a page's messages in the account's language when the page asks during the switch", async () => {
  const { loaders } = await import('virtual:messages/loaders');
  // The real chunks, and the probe page's in each language.
  const withProbe = (language: 'en' | 'hi') =>
    new Proxy(loaders[language] ?? {}, {
      get: (real, namespace: string) =>
        namespace === PAGE
          ? async () => ({ messages: { [GREETING]: WORDS[language] } })
          : real[namespace as keyof typeof real],
    });
  setMessageLoaders(async () => ({
    loaders: { ...loaders, en: withProbe('en'), hi: withProbe('hi') } as typeof loaders,
  }));
  i18n.activate('en');

  const switching = switchLanguage('hi');
  // The page opens while the switch is still loading the account's language.
  await loadMessages(PAGE);
  await switching;

  expect(i18n.locale).toBe('hi');
  expect(t(GREETING)).toBe(WORDS.hi);
});
