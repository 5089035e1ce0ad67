// An e-mail address in a table cell: it may wrap after its @ (or anywhere, if it must) rather than
// widen the owner's tables past the screen.
// A walk-in who gave none shows as none given.
import { hasEmail } from '@machines/walk-in';
import { useT } from '@web/i18n/i18n';
import { muted } from '@web/styles/utils.css';
import * as styles from './EmailAddress.css';

export function EmailAddress({ address }: { address: string }) {
  const t = useT();
  if (!hasEmail(address)) return <span className={muted}>{t('superuser.customer.noEmail')}</span>;
  const at = address.indexOf('@');
  if (at <= 0) return <span className={styles.email}>{address}</span>;
  return (
    <span className={styles.email}>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}
