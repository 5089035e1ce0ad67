// A customer's name on the owner's screens, linking to that customer's page
// (/admin/customers/{id}); `?from=` keeps where the owner came from, for the page's back link. A
// role that may not open customers (a kitchen account on the kitchen sheet) reads the name alone.
// An erased account's name reads in the app's language.
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { personName } from '@web/i18n/labels';
import { useMayCall } from '@web/session/SessionProvider';

/** The customer page's address, remembering `from` (a path of this app, with its query). */
export function customerPath(id: number, from?: string): string {
  return from
    ? `/admin/customers/${id}?from=${encodeURIComponent(from)}`
    : `/admin/customers/${id}`;
}

/** `from` as given in a customer page's query, when it is one of this app's paths; else null. */
export function safeOrigin(from: string | null): string | null {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function CustomerLink({
  id,
  from,
  children,
  label,
}: {
  id: number;
  /** Where the back link returns to; by default the page and query shown now. */
  from?: string;
  children: ReactNode;
  /** An accessible name when the link's text alone is ambiguous. */
  label?: string;
}) {
  const [pathname] = useLocation();
  const search = useSearch();
  const mayOpen = useMayCall()('ownerGetUser');
  const origin = from ?? `${pathname}${search ? `?${search}` : ''}`;
  const shown = typeof children === 'string' ? personName(children) : children;
  if (!mayOpen) return <span aria-label={label}>{shown}</span>;
  return (
    <Link href={customerPath(id, origin)} aria-label={label}>
      {shown}
    </Link>
  );
}
