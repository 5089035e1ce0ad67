// The footer's markup: the business profile and the footer links. It has its final size from the
// first paint: the contact lines keep their place while the profile is still on its way.
import { Link, useLocation } from 'wouter';
import { formatPhone } from '@machines/shared';
import { useT } from '@web/i18n/i18n';
import { telHref } from '@web/lib/phone';
import { container } from '@web/styles/utils.css';
import type { Business } from './business';
import { FOOTER_LINKS } from './routes';
import * as styles from './Shell.css';

/** The contact lines a profile always has (e-mail, phone, address), kept while it loads. */
const CONTACT_LINES = 3;

export function FooterView({ business }: { business: Business | null }) {
  const [pathname] = useLocation();
  const t = useT();
  const name = business?.name ?? 'Dabba';
  // A reset link's URL is a password-reset token: no third party may load anything there (the map
  // would see the page and, through the referrer, the URL), so the page loads only our own files.
  const showMap = Boolean(business?.map_url) && !pathname.startsWith('/reset-password/');
  return (
    <footer className={styles.footer}>
      <div className={`${container} ${styles.footerGrid}`}>
        <div>
          <h2 className={styles.footerHeading}>{name}</h2>
          <p>{t('footer.description')}</p>
        </div>
        <div>
          <h2 className={styles.footerHeading}>{t('footer.contact')}</h2>
          <ul className={styles.footerList} aria-busy={business ? undefined : true}>
            {business ? (
              <>
                <li>
                  {t('footer.email')} <a href={`mailto:${business.email}`}>{business.email}</a>
                </li>
                <li>
                  {t('footer.phone')}{' '}
                  <a href={telHref(business.phone)}>{formatPhone(business.phone)}</a>
                </li>
                <li>{business.address}</li>
                {business.instagram ? (
                  <li>
                    <a href={business.instagram} target="_blank" rel="noreferrer">
                      Instagram
                    </a>
                  </li>
                ) : null}
              </>
            ) : (
              Array.from({ length: CONTACT_LINES }, (_, line) => (
                <li key={line} className={styles.footerPlaceholder} aria-hidden="true" />
              ))
            )}
          </ul>
        </div>
        <div>
          <h2 className={styles.footerHeading}>{t('footer.links')}</h2>
          <ul className={styles.footerList}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link href={link.to}>{t(link.label)}</Link>
              </li>
            ))}
            <li>
              <Link href="/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <a href="/contact#terms">{t('footer.terms')}</a>
            </li>
          </ul>
        </div>
        {showMap && business?.map_url ? (
          <div>
            <h2 className={styles.footerHeading}>{t('footer.findUs')}</h2>
            <iframe
              className={styles.map}
              src={business.map_url}
              title={t('footer.mapTitle', { name })}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : null}
      </div>
      <p className={`${container} ${styles.copyright}`}>
        {t('footer.copyright', { year: new Date().getFullYear(), name })}
      </p>
    </footer>
  );
}
