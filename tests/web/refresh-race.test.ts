// Two calls sent with an access token the server refuses: the first 401 refreshes the session; the
// second 401 arrives only after that refresh has finished (a slow answer on a busy phone). It was
// sent with the old token, so it says nothing about the new one: the client retries it with the
// new token instead of refreshing again (the server's refresh tokens are spent once, and a second
// refresh would race the first one's retry), and the dashboard loads.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import type { SessionHost } from '../../web/session/sessionHost';
import { freshToken, startLinkedHost, stubStorage } from './session-harness';

beforeAll(async () => {
  i18n.activate('en');
  setMessageLoaders(() => import('virtual:messages/loaders'));
  await loadAppMessages();
});

describe('a 401 that answers a token the session has already replaced', () => {
  const storage = new Map<string, string>();
  const refreshes: string[] = [];
  let host: SessionHost | null = null;
  /** Lets the profile's 401 go once the refresh has answered. */
  let refreshed: () => void = () => {};
  const afterRefresh = new Promise<void>((resolve) => (refreshed = resolve));

  beforeEach(() => {
    stubStorage(storage);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    const refused = () =>
      json(401, {
        detail: 'Given token not valid for any token type',
        error_code: 'not_authenticated',
      });
    // The server: refresh tokens are spent once (a second use is refused, as the real one revokes
    // the session); only the new access token is accepted.
    const spent = new Set<string>();
    vi.stubGlobal('fetch', async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
      if (path === '/accounts/token/refresh/') {
        const { refresh } = (await request.json()) as { refresh: string };
        refreshes.push(refresh);
        if (spent.has(refresh)) return refused();
        spent.add(refresh);
        setTimeout(refreshed, 0);
        return json(200, { access: freshToken('new'), refresh: `${refresh}+1` });
      }
      if (bearer !== freshToken('new')) {
        // The profile's refusal is slow: it arrives after the plans' refresh has finished.
        if (path === '/accounts/profile/') await afterRefresh;
        return refused();
      }
      return json(200, path === '/accounts/profile/' ? { id: 1 } : []);
    });
  });
  afterEach(() => {
    host?.actor.stop();
    host = null;
    storage.clear();
    refreshes.length = 0;
    vi.unstubAllGlobals();
  });

  it('retries it with the new token, refreshing once, and the session stays', async () => {
    storage.set('dabba.access', freshToken('forged'));
    storage.set('dabba.refresh', 'refresh-0');
    const linked = await startLinkedHost();
    host = linked.host;
    const { api, effects } = linked;

    const [plans, profile] = await Promise.all([
      api.GET('/subscriptions/plans/'),
      api.GET('/accounts/profile/'),
    ]);
    expect(plans.response.status).toBe(200);
    expect(profile.response.status).toBe(200);
    expect(refreshes).toEqual(['refresh-0']);
    expect(host.actor.getSnapshot().value).toBe('loggedIn');
    expect(storage.get('dabba.access')).toBe(freshToken('new'));
    expect(effects.navigate).not.toHaveBeenCalled();
  });
});
