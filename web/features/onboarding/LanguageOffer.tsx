// After signing in on a device where nobody picked a language, the app shows the account's: this
// offers back the language the device showed until then, written in that language, since whoever
// signs in may not read the account's (a Hindi phone's rider whose account the owner made in
// English). Choosing it saves it on the account; closing keeps the account's.
import { useEffect, useState } from 'react';
import { Button, SmallButton } from '@web/components/Button';
import {
  LANGUAGE_NAMES,
  switchLanguage,
  useLanguage,
  type Language,
  type Translate,
} from '@web/i18n/i18n';
import { loadedServerState } from '@web/session/serverState';
import * as styles from './LanguageOffer.css';
import { translatorIn } from './translatorIn';

/** The offer of `offer` (web/session/serverStateModule.tsx followLanguage made it). */
export function LanguageOffer({ offer }: { offer: Language }) {
  const shown = useLanguage();
  // The offer's own words, in the language offered: its messages load with it, not with the app.
  const [say, setSay] = useState<{ language: Language; t: Translate } | null>(null);
  useEffect(() => {
    let active = true;
    translatorIn(offer, 'languageOffer').then(
      (t) => active && setSay({ language: offer, t }),
      () => {}, // Offline: no offer; the header's switch still changes the language.
    );
    return () => {
      active = false;
    };
  }, [offer]);
  // Switched with the header's button meanwhile: nothing left to offer.
  useEffect(() => {
    if (shown === offer) loadedServerState()?.setLanguageOffer(null);
  }, [offer, shown]);
  if (say?.language !== offer || shown === offer) return null;
  const { t } = say;
  const account = LANGUAGE_NAMES[shown];
  const choose = async () => {
    const state = loadedServerState();
    state?.setLanguageOffer(null);
    try {
      await switchLanguage(offer);
      await state?.saveLanguage(offer);
    } catch {
      // Offline: the pick stays on this device, and the next sign-in saves it on the account.
    }
  };
  return (
    <section lang={offer} aria-labelledby="language-offer" className={styles.offer}>
      <p id="language-offer" className={styles.text}>
        {t('languageOffer.text', { account })}
      </p>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => void choose()}>
          {t('languageOffer.switch')}
        </Button>
        <SmallButton onClick={() => loadedServerState()?.setLanguageOffer(null)}>
          {t('languageOffer.keep', { account })}
        </SmallButton>
      </div>
    </section>
  );
}
