// Whose language wins when a device and a signed-in account disagree (docs/web.md: Language). A
// language someone picked on the device is their latest choice: signing in saves it on the account,
// so its SMS, e-mails and notices follow it. A device where nobody picked one (the browser's
// language, or an account's it showed before) shows the account's, and offers the language it
// showed until then, which the person signing in may read better.
// Loaded with the server-state chunk, as a session starts: a visitor's page never needs it.
import { currentLanguage, FROM_ACCOUNT_KEY, LANGUAGE_KEY } from './i18n';
import { isLanguage, type Language } from './namespaces';

const FROM_ACCOUNT = 'account';

/**
 * The language someone picked on this device (the switch) that no account has taken yet: signing
 * in saves it on the account. None where the device shows a signed-in account's language, or the
 * browser's.
 */
export function pickedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) && localStorage.getItem(FROM_ACCOUNT_KEY) !== FROM_ACCOUNT
      ? stored
      : null;
  } catch {
    return null; // Storage refused (private mode): nothing was picked that is remembered.
  }
}

/**
 * The signed-in account's language is `language` (saved on it, or its own): while the app shows it,
 * the device remembers it as the account's, and no pick is left to give the next account.
 */
export function rememberAsAccountLanguage(language: Language) {
  if (currentLanguage() !== language) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
    localStorage.setItem(FROM_ACCOUNT_KEY, FROM_ACCOUNT);
  } catch {
    // Not remembered: the account's language shows again at the next sign-in.
  }
}

export interface LanguageFacts {
  /** The language picked on this device that no account has taken yet (i18n pickedLanguage). */
  picked: Language | null;
  /** The language the app shows now: before signing in, the one the person read the form in. */
  shown: Language;
  /** The signed-in account's language. */
  account: Language;
  /**
   * A sign-in (password, texted code, registration's verification, a claimed invite), not a
   * session coming back on the device that started it.
   */
  signingIn: boolean;
}

export interface LanguageDecision {
  /** The language to show. */
  show: Language;
  /** The language to save on the account, when the device's pick is not the account's yet. */
  save: Language | null;
  /** The language to offer beside the account's (a dismissible notice), if any. */
  offer: Language | null;
}

export function languageAfterProfile({
  picked,
  shown,
  account,
  signingIn,
}: LanguageFacts): LanguageDecision {
  if (picked) {
    // A session that comes back never saves: the pick was made, or given up, after its sign-in (a
    // failed save keeps it for the next one).
    return { show: picked, save: signingIn && picked !== account ? picked : null, offer: null };
  }
  return { show: account, save: null, offer: signingIn && account !== shown ? shown : null };
}
