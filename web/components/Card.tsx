import type { HTMLAttributes, ReactNode } from 'react';
import { lifecycleLabel, statusLabel, type Lifecycle } from '../../machines/status-labels';
import * as styles from './Card.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section {...rest} className={[styles.card, className].filter(Boolean).join(' ')} />;
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({ tone, children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={styles.badge({ tone })}>{children}</span>;
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

/** A definition list of label/value pairs. */
export function Details({ items }: { items: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl className={styles.dl}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={styles.dt}>{label}</dt>
          <dd className={styles.dd}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_TONES: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  SUCCESS: 'success',
  APPROVED: 'success',
  PAID: 'success',
  resolved: 'success',
  sent: 'success',
  PENDING_PAYMENT: 'warning',
  PENDING: 'warning',
  INITIATED: 'warning',
  open: 'warning',
  in_progress: 'info',
  pending: 'warning',
  EXPIRED: 'neutral',
  closed: 'neutral',
  CANCELLED: 'danger',
  FAILED: 'danger',
  REJECTED: 'danger',
  failed: 'danger',
  // Accounts: the profile still has to be filled in until profile_complete.
  unverified: 'warning',
  registration_complete: 'warning',
  profile_complete: 'success',
};

/** The lifecycles' status names, shared with `dabba` (machines/status-labels.ts). */
export { lifecycleLabel, statusLabel };

/** A status by its label: from `lifecycle`'s own map when given, else from any lifecycle's. */
export function StatusBadge({ status, lifecycle }: { status: string; lifecycle?: Lifecycle }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {lifecycle ? lifecycleLabel(lifecycle, status) : statusLabel(status)}
    </Badge>
  );
}
