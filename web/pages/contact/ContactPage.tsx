// Contact: the business e-mail, phone, address, Instagram and map.
import { formatPhone } from '@machines/shared';
import { useBusiness } from '@web/api/queries';
import { Card, Details } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { telHref } from '@web/lib/phone';
import { muted, stack } from '@web/styles/utils.css';
import * as styles from './ContactPage.css';

export function ContactPage() {
  const { data: business, isError } = useBusiness();
  const t = useT();
  return (
    <div className={stack}>
      <PageHeader title={t('contact.title')} intro={t('contact.intro')} />
      {isError ? (
        <Card role="alert">{t('contact.loadFailed')}</Card>
      ) : !business ? (
        <PageSpinner />
      ) : (
        <Card>
          <h2 className={styles.businessName}>{business.name}</h2>
          <Details
            items={[
              [t('contact.email'), <a href={`mailto:${business.email}`}>{business.email}</a>],
              [
                t('contact.phone'),
                <a href={telHref(business.phone)}>{formatPhone(business.phone)}</a>,
              ],
              [t('contact.address'), business.address],
              [
                t('contact.instagram'),
                business.instagram ? (
                  <a href={business.instagram} target="_blank" rel="noreferrer">
                    {business.instagram}
                  </a>
                ) : (
                  '—'
                ),
              ],
            ]}
          />
          {business.map_url ? (
            <iframe
              src={business.map_url}
              title={t('contact.mapTitle', { name: business.name })}
              className={styles.map}
              loading="lazy"
            />
          ) : null}
        </Card>
      )}
      <Card id="privacy">
        <h2>{t('contact.privacy.title')}</h2>
        <p className={muted}>{t('contact.privacy.text')}</p>
      </Card>
      <Card id="terms">
        <h2>{t('contact.terms.title')}</h2>
        <p className={muted}>{t('contact.terms.text')}</p>
      </Card>
    </div>
  );
}
