// An e-mail address in a table cell: it may wrap after its @ (or anywhere, if it must) rather than
// widen the owner's tables past the screen.
import * as styles from './SuperuserPage.css';

export function EmailAddress({ address }: { address: string }) {
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
