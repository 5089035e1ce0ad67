// The public footer: the business profile from GET /api/business/ and the footer links.
import { Link } from 'wouter';
import { useBusiness } from '../api/queries';
import { container } from '../styles/utils.css';
import * as styles from './Shell.css';

export function Footer() {
  const { data: business } = useBusiness();
  const name = business?.name ?? 'Dabba';
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
            <li>
              <Link href="/plans">Plans</Link>
            </li>
            <li>
              <Link href="/subscriptions">My Subscriptions</Link>
            </li>
            <li>
              <Link href="/feedback">Feedback</Link>
            </li>
            <li>
              <Link href="/contact">Contact</Link>
            </li>
            <li>
              <a href="/contact#privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="/contact#terms">Terms of Service</a>
            </li>
          </ul>
        </div>
        {business?.map_url ? (
          <div>
            <h2 className={styles.footerHeading}>Find us</h2>
            <iframe
              className={styles.map}
              src={business.map_url}
              title={`Map showing ${name}`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
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
