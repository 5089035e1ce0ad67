// The public footer: the business profile from GET /api/business/ and the footer links.
import { Link, useLocation } from 'wouter';
import { useBusiness } from '../api/queries';
import { container } from '../styles/utils.css';
import { FOOTER_LINKS } from './routes';
import * as styles from './Shell.css';

export function Footer() {
  const { data: business } = useBusiness();
  const [pathname] = useLocation();
  const name = business?.name ?? 'Dabba';
  // A reset link's URL is a password-reset token: no third party may load anything there (the map
  // would see the page and, through the referrer, the URL), so the page loads only our own files.
  const showMap = Boolean(business?.map_url) && !pathname.startsWith('/reset-password/');
  return (
    <footer className={styles.footer}>
      <div className={`${container} ${styles.footerGrid}`}>
        <div>
          <h2 className={styles.footerHeading}>{name}</h2>
          <p>
            {business?.description ??
              'A provider of mess and tiffin services with flexible subscription plans.'}
          </p>
        </div>
        <div>
          <h2 className={styles.footerHeading}>Contact</h2>
          <ul className={styles.footerList}>
            {business ? (
              <>
                <li>
                  Email: <a href={`mailto:${business.email}`}>{business.email}</a>
                </li>
                <li>
                  Phone: <a href={`tel:${business.phone.replace(/\s+/g, '')}`}>{business.phone}</a>
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
            ) : null}
          </ul>
        </div>
        <div>
          <h2 className={styles.footerHeading}>Links</h2>
          <ul className={styles.footerList}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link href={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <a href="/contact#privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="/contact#terms">Terms of Service</a>
            </li>
          </ul>
        </div>
        {showMap && business?.map_url ? (
          <div>
            <h2 className={styles.footerHeading}>Find us</h2>
            <iframe
              className={styles.map}
              src={business.map_url}
              title={`Map showing ${name}`}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : null}
      </div>
      <p className={`${container} ${styles.copyright}`}>
        © {new Date().getFullYear()} {name}. Version 1.0.0.
      </p>
    </footer>
  );
}
