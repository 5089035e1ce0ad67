import type { ReactNode } from 'react';
import { visuallyHidden } from '@web/styles/utils.css';
import * as styles from './Skeleton.css';

/**
 * A section that keeps its final size while its data loads. `children` is the section's own
 * markup: drawn from sample data while `loading`, shown as grey bars that neither screen readers
 * nor the keyboard reach (they hear `label`), then from the real data. The markup stays in place
 * when the data arrives, so nothing below it moves and the page is not built twice.
 */
export function Skeleton({
  loading,
  label,
  children,
}: {
  loading: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.skeleton}>
      {loading ? (
        <span role="status" className={visuallyHidden}>
          {label}
        </span>
      ) : null}
      <div
        className={loading ? styles.shape : styles.skeleton}
        inert={loading}
        aria-hidden={loading ? true : undefined}
      >
        {children}
      </div>
    </div>
  );
}
