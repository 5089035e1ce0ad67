// Paged owner lists: rows plus the counts the server sends in headers (X-Total-Count and friends).
import { ApiError, type ErrorBody } from '../../api/errors';

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
  let result: { data?: T[]; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, null);
  }
  if (!result.response.ok) {
    const body = (
      result.error && typeof result.error === 'object' ? result.error : null
    ) as ErrorBody | null;
    throw new ApiError(result.response.status, body);
  }
  const rows = result.data ?? [];
  return {
    rows,
    total: headerCount(result.response.headers, 'X-Total-Count') ?? rows.length,
    headers: result.response.headers,
  };
}

export function headerCount(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
