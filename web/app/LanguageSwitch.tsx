// English ⇄ हिन्दी in the header. The choice shows at once, is remembered on this device, and for a
// signed-in user on the account (PUT /accounts/language/), which e-mails and SMS follow too.
import { useState } from 'react';
import { switchLanguage, useLanguage, useT, type Language } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import * as styles from './Shell.css';

/** Each language named in its own script, as a reader of that language looks for it. */
const NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

export function LanguageSwitch() {
  const { user, saveLanguage } = useSession();
  const t = useT();
  const current = useLanguage();
  const other: Language = current === 'hi' ? 'en' : 'hi';
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    setBusy(true);
    try {
      await switchLanguage(other);
      if (user) await saveLanguage(other);
    } catch {
      // Offline: the language shows when its messages can load; the account keeps the old one.
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.languageSwitch}
      lang={other}
      title={t('language.switchTo')}
      aria-busy={busy || undefined}
      onClick={() => void choose()}
    >
      {NAMES[other]}
    </button>
  );
}
