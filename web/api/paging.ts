// Paged owner lists: rows plus the counts the server sends in headers (X-Total-Count and friends).
import { unwrapResponse } from './errors';

/** Rows per page of the owner's lists. */
export const PAGE_SIZE = 25;

/** A list's status filter: the 'all' choice sends none. */
export const statusFilter = <S extends string>(status: S, all: string) =>
  status === all ? {} : { status: status as Exclude<S, 'all' | 'ALL'> };

/** A page of rows with the counts the server sends in headers. */
export interface Page<T> {
  rows: T[];
  total: number;
  headers: Headers;
}

/** Like unwrap(), but keeps the response headers (X-Total-Count and friends). */
export async function unwrapPage<T>(
  call: Promise<{ data?: T[]; error?: unknown; response: Response }>,
): Promise<Page<T>> {
  const { data, response } = await unwrapResponse(call);
  const rows = data ?? [];
  return {
    rows,
    total: headerCount(response.headers, 'X-Total-Count') ?? rows.length,
    headers: response.headers,
  };
}

export function headerCount(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
