// Whose language wins when a device and an account disagree (web/i18n/accountLanguage.ts), and what
// the device remembers of it (web/i18n/i18n.ts). Hindi picked before signing in stayed on the
// device only: the account, and with it the customer's SMS, e-mails and notices, stayed English.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  languageAfterProfile,
  rememberAsAccountLanguage,
  pickedLanguage,
  type LanguageFacts,
} from '../../web/i18n/accountLanguage';
import { i18n, setMessageLoaders, switchLanguage, type Language } from '../../web/i18n/i18n';
import { stubStorage } from './session-harness';

const LANGUAGES: readonly Language[] = ['en', 'hi'];
const other = (language: Language): Language => (language === 'en' ? 'hi' : 'en');

describe('signing in', () => {
  const signIn = (facts: Omit<LanguageFacts, 'signingIn'>) =>
    languageAfterProfile({ ...facts, signingIn: true });

  it.each(LANGUAGES.flatMap((picked) => LANGUAGES.map((account) => [picked, account] as const)))(
    'a device that picked %s, an account in %s: the pick shows and the account takes it',
    (picked, account) => {
      expect(signIn({ picked, shown: picked, account })).toEqual({
        show: picked,
        save: picked === account ? null : picked,
        offer: null,
      });
    },
  );

  it.each(LANGUAGES.flatMap((shown) => LANGUAGES.map((account) => [shown, account] as const)))(
    "nothing picked, the device showing %s, an account in %s: the account's shows and is kept",
    (shown, account) => {
      expect(signIn({ picked: null, shown, account })).toEqual({
        show: account,
        save: null,
        // The language the form was read in is offered back, when the account's is another.
        offer: shown === account ? null : shown,
      });
    },
  );
});

describe('a session coming back (a reload, the installed app opened again)', () => {
  const back = (facts: Omit<LanguageFacts, 'signingIn'>) =>
    languageAfterProfile({ ...facts, signingIn: false });

  it.each(LANGUAGES)('saves nothing and offers nothing, the account in %s', (account) => {
    for (const picked of [null, ...LANGUAGES]) {
      for (const shown of LANGUAGES) {
        const decision = back({ picked, shown, account });
        expect(decision.save, `picked ${picked}, shown ${shown}`).toBeNull();
        expect(decision.offer, `picked ${picked}, shown ${shown}`).toBeNull();
      }
    }
  });

  it("shows a pick the account has not taken, else the account's", () => {
    expect(back({ picked: 'hi', shown: 'hi', account: 'en' }).show).toBe('hi');
    expect(back({ picked: null, shown: 'hi', account: 'en' }).show).toBe('en');
  });
});

describe('what the device remembers', () => {
  const storage = new Map<string, string>();
  let before: string;
  beforeAll(() => {
    before = i18n.locale;
    setMessageLoaders(() => import('virtual:messages/loaders'));
    stubStorage(storage);
    vi.stubGlobal('document', { documentElement: { lang: '' } });
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    i18n.activate(before || 'en');
  });
  beforeEach(() => storage.clear());

  it('knows no pick where nobody picked one: the browser set to Hindi gives an account nothing', () => {
    expect(pickedLanguage()).toBeNull();
  });

  it.each(LANGUAGES)('keeps %s picked with the switch until an account takes it', async (pick) => {
    await switchLanguage(other(pick));
    await switchLanguage(pick);
    expect(pickedLanguage()).toBe(pick);
    // Saved on the account (or it was the account's own): the next account signing in here
    // follows its own language.
    rememberAsAccountLanguage(pick);
    expect(pickedLanguage()).toBeNull();
    expect(storage.get('dabba.language')).toBe(pick);
  });

  it("holds an account's language followed at sign-in for no pick", async () => {
    await switchLanguage('hi');
    rememberAsAccountLanguage('hi');
    expect(storage.get('dabba.language')).toBe('hi');
    expect(pickedLanguage()).toBeNull();
    // Picked afterwards, on the switch: a pick again.
    await switchLanguage('en');
    expect(pickedLanguage()).toBe('en');
  });

  it('leaves a pick the account does not say (a save that failed) for the next sign-in', async () => {
    await switchLanguage('hi');
    rememberAsAccountLanguage('en');
    expect(pickedLanguage()).toBe('hi');
  });

  it('takes a language stored before picks were told apart for a pick', () => {
    storage.set('dabba.language', 'hi');
    expect(pickedLanguage()).toBe('hi');
  });
});
