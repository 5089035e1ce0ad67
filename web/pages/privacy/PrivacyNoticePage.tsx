// The privacy notice (DPDP Act: a standalone notice in plain language), public, versioned: the
// version shown here is the one each consent is recorded against (machines/consent).
import { Link } from 'wouter';
import { PRIVACY_NOTICE_VERSION } from '@machines/consent';
import { TAX_RECORD_YEARS } from '@machines/erasure';
import { formatPhone } from '@machines/shared';
import { useBusiness } from '@web/api/queries';
import { Card } from '@web/components/Card';
import { useT, type MessageId } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './Privacy.css';

const KEPT: readonly MessageId[] = [
  'privacy.notice.keep.profile',
  'privacy.notice.keep.subscriptions',
  'privacy.notice.keep.payments',
  'privacy.notice.keep.feedback',
  'privacy.notice.keep.notices',
];

const RIGHTS: readonly MessageId[] = [
  'privacy.notice.rights.see',
  'privacy.notice.rights.correct',
  'privacy.notice.rights.withdraw',
  'privacy.notice.rights.erase',
];

export function PrivacyNoticePage() {
  const t = useT();
  const { data: business } = useBusiness();
  const { user } = useSession();
  const isCustomer = user?.user_type === 'student' || user?.user_type === 'regular';
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('privacy.notice.title')}</h1>
          <p className={muted} data-testid="notice-version">
            {t('privacy.notice.version', { version: PRIVACY_NOTICE_VERSION })}
          </p>
        </div>
      </header>
      <Card className={styles.notice}>
        <p>{t('privacy.notice.intro', { name: business?.name ?? 'Dabba' })}</p>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.keep.title')}</h2>
          <ul className={styles.list}>
            {KEPT.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.why.title')}</h2>
          <p>{t('privacy.notice.why.body')}</p>
        </section>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.who.title')}</h2>
          <p>{t('privacy.notice.who.body')}</p>
        </section>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.howLong.title')}</h2>
          <p>{t('privacy.notice.howLong.body', { years: TAX_RECORD_YEARS })}</p>
        </section>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.rights.title')}</h2>
          <ul className={styles.list}>
            {RIGHTS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          {isCustomer ? <Link href="/profile/privacy">{t('privacy.notice.signedIn')}</Link> : null}
        </section>
        <section>
          <h2 className={sectionTitle}>{t('privacy.notice.complain.title')}</h2>
          <p>
            {t('privacy.notice.complain.body', {
              email: business?.email ?? '',
              phone: business ? formatPhone(business.phone) : '',
            })}
          </p>
        </section>
      </Card>
    </div>
  );
}
