// English ⇄ हिन्दी in the header. The choice shows at once, is remembered on this device, and is
// saved on the account (PUT /accounts/language/), which e-mails and SMS follow too: at once when
// signed in, else at the next sign-in here (web/i18n/accountLanguage.ts).
import { useState } from 'react';
import { LANGUAGE_NAMES, switchLanguage, useLanguage, useT, type Language } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import * as styles from './Shell.css';

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
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
