// A returning user's profile is asked for early, with the stored access token, while the session
// machine loads (web/session/serverState.ts askProfileEarly). When that token is refused, the
// profile is asked again through the API client, which refreshes the session and retries. Asked
// before the session machine had read the tokens, the client knew no session: it sent no token and
// took the 401 for the end of the session, which logged the user out after the refresh had worked.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { SessionLink } from '../../web/api/client';
import { createServerState, type ProfileState } from '../../web/session/serverStateModule';

const USER = { id: 7, username: 'asha', first_name: 'Asha' };

beforeAll(() => {
  const stored = new Map<string, string>([
    ['dabba.access', 'refused'],
    ['dabba.refresh', 'refresh'],
  ]);
  vi.stubGlobal('document', { getElementById: () => null });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
});
afterAll(() => vi.unstubAllGlobals());

it('asks again only once the session is ready, with its token, after a refused early answer', async () => {
  const sent: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const authorization = input.headers.get('Authorization');
    sent.push(authorization);
    return authorization === 'Bearer fresh'
      ? Response.json(USER)
      : Response.json({ detail: 'Given token not valid for any token type' }, { status: 401 });
  });
  let session: SessionLink | null = null;
  const state = createServerState(() => session, 'http://dabba.test/api');
  let markReady!: () => void;
  const sessionReady = new Promise<void>((resolve) => (markReady = resolve));

  state.prefetchProfile(
    Promise.resolve(Response.json({ detail: 'refused' }, { status: 401 })),
    sessionReady,
  );
  const seen: ProfileState[] = [];
  const stop = state.observeProfile((profile) => seen.push(profile));
  await new Promise((resolve) => setTimeout(resolve, 20));
  // Nothing is asked through the client while no session is linked to give it a token.
  expect(sent).toEqual([]);
  expect(seen.some((profile) => profile.failed)).toBe(false);

  session = { accessToken: () => 'fresh', retryAfterUnauthorized: async () => 'fresh' };
  markReady();
  await vi.waitFor(() => expect(seen.at(-1)?.user).toMatchObject({ first_name: 'Asha' }));
  stop();
  expect(sent).toEqual(['Bearer fresh']);
  expect(seen.some((profile) => profile.failed)).toBe(false);
});
