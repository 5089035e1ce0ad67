// A visitor whose stored session is dead: the first call gets 401 (the server refuses a bad token even
// where one is optional), the client refreshes once, the refresh fails, the tokens and cached answers
// are cleared, "Session Expired" shows and the login page opens, and from then on the plans load
// anonymously (docs/web.md: Session).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import type { SessionHost } from '../../web/session/sessionHost';
import { freshToken, startLinkedHost, stubStorage } from './session-harness';

// The session's toasts are the app's messages, in English here.
beforeAll(async () => {
  i18n.activate('en');
  setMessageLoaders(() => import('virtual:messages/loaders'));
  await loadAppMessages();
});

describe('the web client with a dead stored session', () => {
  const storage = new Map<string, string>();
  const calls: { path: string; authorization: string | null }[] = [];
  let host: SessionHost | null = null;

  beforeEach(() => {
    stubStorage(storage);
    // The server as it now answers: a bad bearer is 401 on plans; without one, the visitor's view.
    vi.stubGlobal('fetch', async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const authorization = request.headers.get('Authorization');
      calls.push({ path, authorization });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (path === '/accounts/token/refresh/') {
        return json(401, {
          detail: 'Token is invalid or expired',
          error_code: 'not_authenticated',
        });
      }
      if (path === '/subscriptions/plans/') {
        return authorization
          ? json(401, {
              detail: 'Given token not valid for any token type',
              error_code: 'not_authenticated',
            })
          : json(200, [{ id: 1, name: 'Monthly mess' }]);
      }
      return json(404, { detail: 'Not found.', error_code: 'not_found' });
    });
  });
  afterEach(() => {
    host?.actor.stop();
    host = null;
    storage.clear();
    calls.length = 0;
    vi.unstubAllGlobals();
  });

  it('refreshes once, clears the tokens, sends the user to log in, then loads the plans without a token', async () => {
    storage.set('dabba.access', freshToken());
    storage.set('dabba.refresh', 'dead-refresh-token');
    const linked = await startLinkedHost();
    host = linked.host;
    const { api, effects } = linked;

    const first = await api.GET('/subscriptions/plans/');
    expect(first.response.status).toBe(401);
    expect(calls.filter((call) => call.path === '/accounts/token/refresh/')).toHaveLength(1);
    expect(host.actor.getSnapshot().value).toBe('forcedLogout');
    expect([...storage.keys()]).toEqual([]);
    expect(effects.forgetAnswers).toHaveBeenCalledTimes(1);
    expect(effects.notify).toHaveBeenCalledWith({
      tone: 'warning',
      title: 'Session Expired',
      message: 'Your session has expired. Please log in again.',
    });
    expect(effects.navigate).toHaveBeenCalledWith('/login');

    const again = await api.GET('/subscriptions/plans/');
    expect(again.response.status).toBe(200);
    expect(again.data).toHaveLength(1);
    expect(calls.at(-1)).toEqual({ path: '/subscriptions/plans/', authorization: null });
  });
});
