// A read on screen: a spinner while it loads, an alert when it fails (with a toast, when the screen
// names one), an empty state for an empty list, and otherwise what the screen makes of the data. A
// paged list adds its pager under it.
import type { ReactNode } from 'react';
import { PAGE_SIZE, type Page } from '@web/api/paging';
import { Card } from './Card';
import { Pager } from './Filters';
import { PageSpinner } from './Spinner';
import { useErrorToast } from './useErrorToast';

/** What a screen reads of a query's state (TanStack Query's result has more). */
interface Read<T> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly data: T | undefined;
}

interface States {
  /** The spinner's label for screen readers; "Loading" when left out. */
  loading?: string;
  /** The alert's text when the read failed. */
  failed: string;
  /** With a title, a failed read also shows a toast: this title, `failed` as its message. */
  toast?: string;
  /** Shown instead of the data when it is an empty list (or a page of no rows). */
  empty?: ReactNode;
}

function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const rows = (data as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) && rows.length === 0;
}

export function Loaded<T>({
  read,
  loading,
  failed,
  toast,
  empty,
  children,
}: States & { read: Read<T>; children: (data: T) => ReactNode }) {
  useErrorToast(toast !== undefined && read.isError, toast ?? '', failed);
  if (read.isPending) return <PageSpinner label={loading} />;
  if (read.isError || read.data === undefined) return <Card role="alert">{failed}</Card>;
  if (empty !== undefined && isEmptyList(read.data)) return empty;
  return children(read.data);
}

/** Where a paged list stands: its pager's name, the first row's offset, and how to move it. */
export interface PagerAt {
  label: string;
  offset: number;
  onOffset: (offset: number) => void;
  /** Rows a page; the owner's lists' PAGE_SIZE when left out. */
  limit?: number;
}

/**
 * One page of a list (./Loaded's states) and the pager under it: there while a page loads or fails
 * too (its Previous button leads back from a page that failed), or, `pagerUnderRows`, only under
 * rows.
 */
export function PagedList<T>({
  read,
  pager,
  pagerUnderRows = false,
  children,
  ...states
}: States & {
  read: Read<Page<T>>;
  pager: PagerAt;
  pagerUnderRows?: boolean;
  children: (rows: T[]) => ReactNode;
}) {
  const pagerOf = (total: number) => (
    <Pager
      label={pager.label}
      offset={pager.offset}
      limit={pager.limit ?? PAGE_SIZE}
      total={total}
      onOffset={pager.onOffset}
    />
  );
  return (
    <>
      <Loaded read={read} {...states}>
        {(page) =>
          pagerUnderRows ? (
            <>
              {children(page.rows)}
              {pagerOf(page.total)}
            </>
          ) : (
            children(page.rows)
          )
        }
      </Loaded>
      {pagerUnderRows ? null : pagerOf(read.data?.total ?? 0)}
    </>
  );
}
