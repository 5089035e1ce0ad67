// The web host's effects for machines/session on a logout (docs/web.md: Session):
// the server is told with the session's own tokens, which are then cleared with every cached answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionHost } from '../../web/session/sessionHost';
import { freshToken, startLinkedHost, stubStorage } from './session-harness';

describe('the web session host', () => {
  const storage = new Map<string, string>();
  const requests: Request[] = [];
  let host: SessionHost | null = null;

  beforeEach(() => {
    stubStorage(storage);
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      return new Response(null, { status: 204 });
    });
  });
  afterEach(() => {
    host?.actor.stop();
    host = null;
    storage.clear();
    requests.length = 0;
    vi.unstubAllGlobals();
  });

  it('revokes the session on the server with its tokens, then clears them and the answers', async () => {
    const access = freshToken();
    storage.set('dabba.access', access);
    storage.set('dabba.refresh', 'refresh-1');
    storage.set('dabba.owner', '1');
    const linked = await startLinkedHost();
    host = linked.host;
    const { effects } = linked;
    expect(host.actor.getSnapshot().value).toBe('loggedIn');

    host.actor.send({ type: 'session.logout' });
    expect(host.actor.getSnapshot().value).toBe('loggedOut');
    expect([...storage.keys()]).toEqual([]);
    expect(effects.forgetAnswers).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [logout] = requests;
    expect(new URL(logout!.url).pathname).toBe('/api/accounts/logout/');
    expect(logout!.method).toBe('POST');
    expect(logout!.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(await logout!.json()).toEqual({ refresh: 'refresh-1' });
    // A logout the user asked for shows no "Session Expired" and leaves the navigation to the app.
    expect(effects.notify).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
  });
});
