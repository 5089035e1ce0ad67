// The web host's export fetch: every page at limit 500 for each chosen source, progress with the
// total from X-Total-Count, and a 403 reported in the product's fixed words.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../web/api/client';
import { fetchExportData, FORBIDDEN_EXPORT } from '../../web/features/export/exportFetch';

type Call = { path: string; query: { limit: number; offset: number } };

/** A stand-in for the openapi-fetch client that serves `count` numbered rows per path. */
function fakeApi(counts: Record<string, number>, status = 200) {
  const calls: Call[] = [];
  const api = {
    GET: async (path: string, init: { params: { query: { limit: number; offset: number } } }) => {
      const { limit, offset } = init.params.query;
      calls.push({ path, query: { limit, offset } });
      if (status !== 200) {
        return {
          error: { detail: 'Forbidden' },
          response: new Response(null, { status }),
        };
      }
      const total = counts[path] ?? 0;
      const size = Math.max(0, Math.min(limit, total - offset));
      const data = Array.from({ length: size }, (_, index) => ({
        username: `${path.includes('active') ? 's' : 'u'}${offset + index}`,
      }));
      return {
        data,
        response: new Response(null, { status: 200, headers: { 'X-Total-Count': String(total) } }),
      };
    },
  };
  return { api: api as unknown as ApiClient, calls };
}

const USERS = '/accounts/owner/users/';
const SUBSCRIBERS = '/accounts/owner/users/active_subscribers/';

describe('fetchExportData', () => {
  it('reads every page of both sources at limit 500 and reports progress', async () => {
    const { api, calls } = fakeApi({ [USERS]: 1203, [SUBSCRIBERS]: 500 });
    const progress: Array<{ loaded: number; total: number | null }> = [];
    const data = await fetchExportData(
      api,
      { sources: ['users', 'active_subscribers'], reportProgress: (p) => progress.push(p) },
      new AbortController().signal,
    );
    expect(data.users).toHaveLength(1203);
    expect(new Set(data.users.map((u) => u.username)).size).toBe(1203);
    expect(data.activeSubscribers).toHaveLength(500);
    expect(calls.filter((c) => c.path === USERS).map((c) => c.query)).toEqual([
      { limit: 500, offset: 0 },
      { limit: 500, offset: 500 },
      { limit: 500, offset: 1000 },
    ]);
    // Exactly 500 rows: the total says the first page was the last.
    expect(calls.filter((c) => c.path === SUBSCRIBERS)).toHaveLength(1);
    expect(progress[0]).toEqual({ loaded: 1000, total: 1703 });
    expect(progress.at(-1)).toEqual({ loaded: 1703, total: 1703 });
  });

  it('asks only for the chosen source', async () => {
    const { api, calls } = fakeApi({ [USERS]: 3, [SUBSCRIBERS]: 2 });
    const data = await fetchExportData(
      api,
      { sources: ['active_subscribers'], reportProgress: () => {} },
      new AbortController().signal,
    );
    expect(data.users).toEqual([]);
    expect(data.activeSubscribers).toHaveLength(2);
    expect(calls.every((c) => c.path === SUBSCRIBERS)).toBe(true);
  });

  it('turns a 403 into the unauthorized download text', async () => {
    const { api } = fakeApi({}, 403);
    await expect(
      fetchExportData(
        api,
        { sources: ['users'], reportProgress: () => {} },
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ failure: 'refused', message: FORBIDDEN_EXPORT });
    expect(FORBIDDEN_EXPORT).toBe(
      'Unauthorized Access: You do not have permission to download user data.',
    );
  });
});
