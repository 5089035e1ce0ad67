// Paged owner lists: rows plus the counts the server sends in headers (X-Total-Count and friends).
import { unwrapResponse } from './errors';

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
