// Owner lists page with limit/offset and report X-Total-Count; the CLI reads every page.
import { unwrap, type Answer } from './api';

const PAGE_SIZE = 500;

export interface Page<T> {
  readonly rows: T[];
  readonly total: number | null;
}

/** One page and its X-Total-Count, or the UserError for a failed answer. */
export async function unwrapPage<T>(
  api: { url: string },
  request: Promise<Answer<T[]>>,
  what: string,
): Promise<Page<T>> {
  let response: Response | undefined;
  const rows = await unwrap(
    api,
    request.then((answer) => ((response = answer.response), answer)),
    what,
  );
  const header = response?.headers.get('x-total-count') ?? null;
  return { rows, total: header === null ? null : Number(header) };
}

async function fetchAllPages<T>(
  fetchPage: (limit: number, offset: number) => Promise<Page<T>>,
  onProgress?: (fetched: number, total: number | null) => void,
): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await fetchPage(PAGE_SIZE, all.length);
    all.push(...page.rows);
    onProgress?.(all.length, page.total);
    const done = page.total === null ? page.rows.length < PAGE_SIZE : all.length >= page.total;
    if (done || page.rows.length === 0) return all;
  }
}

/**
 * Every row of an owner list: `request` asks for one page, its `limit` and `offset` spread into
 * the query. `what` names the list in a refusal ("The refunds").
 */
export function allPages<T>(
  api: { url: string },
  what: string,
  request: (page: { limit: number; offset: number }) => Promise<Answer<T[]>>,
  onProgress?: (fetched: number, total: number | null) => void,
): Promise<T[]> {
  return fetchAllPages(
    (limit, offset) => unwrapPage(api, request({ limit, offset }), what),
    onProgress,
  );
}
