import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Card.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section {...rest} className={[styles.card, className].filter(Boolean).join(' ')} />;
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({ tone, children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`${styles.badge} ${styles.badgeTone[tone ?? 'neutral']}`}>{children}</span>
  );
}

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={styles.statCard}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className={styles.empty}>
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

/** A label and its value; null for one the record does not have, which the list leaves out. */
type Detail = readonly [string, ReactNode] | null;

/** A definition list of label/value pairs. */
export function Details({ items }: { items: ReadonlyArray<Detail> }) {
  return (
    <dl className={styles.dl}>
      {items
        .flatMap((item) => (item ? [item] : []))
        .map(([label, value]) => (
          <div key={label} className={styles.detail}>
            <dt className={styles.dt}>{label}</dt>
            <dd className={styles.dd}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
