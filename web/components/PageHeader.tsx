// A page's heading: its title, the muted line under it, and what the page offers beside them.
import type { ReactNode } from 'react';
import { muted, pageHeader, pageTitle } from '@web/styles/utils.css';

export function PageHeader({
  title,
  intro,
  below,
  as: Element = 'header',
  children,
}: {
  title: ReactNode;
  /** The muted line under the title; null keeps its place empty (the title still sits in a block). */
  intro?: string | null;
  /** More under the title and its line (a link). */
  below?: ReactNode;
  /** A header landmark, or a plain block where the page already has one. */
  as?: 'header' | 'div';
  /** Beside the title: the page's buttons or filters. */
  children?: ReactNode;
}) {
  const heading = <h1 className={pageTitle}>{title}</h1>;
  return (
    <Element className={pageHeader}>
      {intro === undefined && below === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          {intro ? <p className={muted}>{intro}</p> : null}
          {below}
        </div>
      )}
      {children}
    </Element>
  );
}
