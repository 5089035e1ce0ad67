// The export's fetch effect: every page (limit 500) of the chosen owner sources, with progress.
import type {
  ExportData,
  ExportFetchInput,
  ExportSubscriberRecord,
  ExportUserRecord,
} from '@machines/export';
import { EffectError } from '@machines/shared';
import { apiFetchPage } from '@web/api/call';
import type { ApiClient } from '@web/api/client';
import { ApiError } from '@web/api/errors';
import { DOWNLOAD_UNAUTHORIZED, UNAUTHORIZED_TITLE } from '@web/i18n/unauthorized';

/** The export fetches every page at the largest size the API allows. */
const EXPORT_PAGE_SIZE = 500;

export const FORBIDDEN_EXPORT = `${UNAUTHORIZED_TITLE}: ${DOWNLOAD_UNAUTHORIZED}`;

type Loader<T> = (offset: number, signal: AbortSignal) => Promise<{ rows: T[]; total: number }>;

/** Every page of the chosen sources; the first pages come first so progress knows the total. */
export async function fetchExportData(
  api: ApiClient,
  input: ExportFetchInput,
  signal: AbortSignal,
): Promise<ExportData> {
  try {
    return await fetchAllPages(api, input, signal);
  } catch (error) {
    // A refused download says so in the product's fixed words, not the server's.
    if (error instanceof ApiError && error.status === 403)
      throw new EffectError('refused', FORBIDDEN_EXPORT);
    throw error;
  }
}

async function fetchAllPages(
  api: ApiClient,
  input: ExportFetchInput,
  signal: AbortSignal,
): Promise<ExportData> {
  const users: Loader<ExportUserRecord> = (offset, s) =>
    apiFetchPage(api, '/accounts/owner/users/', {
      params: { query: { limit: EXPORT_PAGE_SIZE, offset, ordering: 'username' } },
      signal: s,
    });
  const subscribers: Loader<ExportSubscriberRecord> = (offset, s) =>
    apiFetchPage(api, '/accounts/owner/users/active_subscribers/', {
      params: { query: { limit: EXPORT_PAGE_SIZE, offset } },
      signal: s,
    });
  const wantUsers = input.sources.includes('users');
  const wantSubscribers = input.sources.includes('active_subscribers');
  const [firstUsers, firstSubscribers] = await Promise.all([
    wantUsers ? users(0, signal) : Promise.resolve({ rows: [], total: 0 }),
    wantSubscribers ? subscribers(0, signal) : Promise.resolve({ rows: [], total: 0 }),
  ]);
  const total = firstUsers.total + firstSubscribers.total;
  const userRows = [...firstUsers.rows];
  const subscriberRows = [...firstSubscribers.rows];
  const report = () =>
    input.reportProgress({ loaded: userRows.length + subscriberRows.length, total });
  report();
  // A short page means the end, even if rows were added or removed meanwhile.
  let lastUsers = firstUsers.rows.length;
  while (wantUsers && lastUsers === EXPORT_PAGE_SIZE && userRows.length < firstUsers.total) {
    const page = await users(userRows.length, signal);
    userRows.push(...page.rows);
    lastUsers = page.rows.length;
    report();
  }
  let lastSubscribers = firstSubscribers.rows.length;
  while (
    wantSubscribers &&
    lastSubscribers === EXPORT_PAGE_SIZE &&
    subscriberRows.length < firstSubscribers.total
  ) {
    const page = await subscribers(subscriberRows.length, signal);
    subscriberRows.push(...page.rows);
    lastSubscribers = page.rows.length;
    report();
  }
  return { users: userRows, activeSubscribers: subscriberRows };
}
