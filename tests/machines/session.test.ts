// The session machine under fake timers: the 5-minute check, the 2-minute refresh threshold, one
// refresh per 401, and forced logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CHECK_INTERVAL_MS,
  decodeJwtPayload,
  EffectError,
  isTokenExpiring,
  REFRESH_THRESHOLD_MS,
  type RefreshedTokens,
  retryAfterUnauthorized,
  selectAccessToken,
  selectIsAuthenticated,
  selectIsSessionBusy,
  selectIsSessionLoading,
  selectWasForcedOut,
  sessionMachine,
  type SessionTokens,
  type StoredTokens,
  tokenExpiresAtMs,
} from '@machines';
import { jwt, tokenExpiringIn } from './helpers/tokens';

const NOW = Date.UTC(2025, 0, 15, 10, 0, 0);
const MINUTE = 60 * 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

interface Options {
  stored?: StoredTokens | null;
  refresh?: (refreshToken: string) => Promise<RefreshedTokens>;
  login?: () => Promise<SessionTokens>;
  checkIntervalMs?: number;
}

async function startSession(options: Options = {}) {
  const persistTokens = vi.fn();
  const clearTokens = vi.fn();
  const notify = vi.fn();
  const refreshTokens = vi.fn(
    options.refresh ??
      (async () => ({ access: tokenExpiringIn(15 * MINUTE), refresh: 'refresh-2' })),
  );
  const login = vi.fn(
    options.login ?? (async () => ({ access: tokenExpiringIn(15 * MINUTE), refresh: 'refresh-1' })),
  );
  const machine = sessionMachine.provide({
    actions: {
      persistTokens: ({ context }) => persistTokens(context.accessToken, context.refreshToken),
      clearTokens,
      notify: (_, notice) => notify(notice),
    },
    actors: {
      loadTokens: fromPromise(async () => options.stored ?? null),
      login: fromPromise(async () => login()),
      refreshTokens: fromPromise(async ({ input }) => refreshTokens(input.refreshToken)),
    },
    ...(options.checkIntervalMs ? { delays: { checkInterval: options.checkIntervalMs } } : {}),
  });
  const actor = createActor(machine).start();
  await vi.advanceTimersByTimeAsync(0);
  return { actor, persistTokens, clearTokens, notify, refreshTokens, login };
}

describe('isTokenExpiring', () => {
  it('treats a token without exp, or unreadable, as expiring', () => {
    expect(isTokenExpiring(jwt({ sub: '1' }), NOW)).toBe(true);
    expect(isTokenExpiring('not-a-jwt', NOW)).toBe(true);
    expect(isTokenExpiring('a.@@@.c', NOW)).toBe(true);
    expect(isTokenExpiring(null, NOW)).toBe(true);
    expect(isTokenExpiring(jwt({ exp: 'soon' }), NOW)).toBe(true);
  });

  it('counts 120 s or less as expiring, more as fresh', () => {
    expect(isTokenExpiring(tokenExpiringIn(120 * 1000, NOW), NOW)).toBe(true);
    expect(isTokenExpiring(tokenExpiringIn(121 * 1000, NOW), NOW)).toBe(false);
    expect(isTokenExpiring(tokenExpiringIn(-1000, NOW), NOW)).toBe(true);
    expect(REFRESH_THRESHOLD_MS).toBe(120 * 1000);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = jwt({ name: 'Ärjun ₹', exp: 2_000_000_000 });
    expect(decodeJwtPayload(token)).toMatchObject({ name: 'Ärjun ₹' });
    expect(tokenExpiresAtMs(token)).toBe(2_000_000_000_000);
  });
});

describe('restoring stored tokens', () => {
  it('shows loading until storage has been read, then signs in with a fresh token', async () => {
    const machine = sessionMachine.provide({
      actors: { loadTokens: fromPromise(() => new Promise<StoredTokens | null>(() => {})) },
    });
    const pending = createActor(machine).start();
    expect(selectIsSessionLoading(pending.getSnapshot())).toBe(true);
    pending.stop();

    const { actor, refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(14 * MINUTE), refresh: 'refresh-1' },
    });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('is signed out when nothing is stored', async () => {
    const { actor } = await startSession({ stored: null });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('refreshes at once when the stored access token is expiring', async () => {
    const { actor, refreshTokens, persistTokens } = await startSession({
      stored: { access: tokenExpiringIn(30 * 1000), refresh: 'refresh-1' },
    });
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1');
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(persistTokens).toHaveBeenCalledWith(expect.any(String), 'refresh-2');
  });

  it('forces logout when the stored token is expiring and there is no refresh token', async () => {
    const { actor, clearTokens, refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(30 * 1000), refresh: null },
    });
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    expect(actor.getSnapshot().context.forcedLogoutReason).toBe('expired-without-refresh-token');
    expect(clearTokens).toHaveBeenCalledTimes(1);
    expect(refreshTokens).not.toHaveBeenCalled();
  });
});

describe('the periodic check', () => {
  it('checks every 5 minutes and refreshes only once under 2 minutes remain', async () => {
    // 11 minutes left: 6 at the first check (no refresh), 1 at the second (refresh).
    const { actor, refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(11 * MINUTE), refresh: 'refresh-1' },
    });
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(refreshTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshTokens).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('loggedIn');

    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.refreshToken).toBe('refresh-2');
  });

  it('keeps the 5-minute rhythm after a refresh', async () => {
    const { refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(MINUTE), refresh: 'refresh-1' },
      // Each refresh hands out a 6-minute token, so at every 5-minute check 1 minute remains: refresh.
      refresh: async () => ({ access: tokenExpiringIn(6 * MINUTE), refresh: null }),
    });
    expect(refreshTokens).toHaveBeenCalledTimes(1); // on restore
    await vi.advanceTimersByTimeAsync(5 * MINUTE); // 1 min left → refresh
    expect(refreshTokens).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * MINUTE); // again 1 min left → refresh
    expect(refreshTokens).toHaveBeenCalledTimes(3);
  });

  it('counts a token without an expiry claim as expiring', async () => {
    const { refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(6 * MINUTE), refresh: 'refresh-1' },
      refresh: async () => ({ access: jwt({ sub: '1' }) }),
    });
    await vi.advanceTimersByTimeAsync(5 * MINUTE); // 1 min left → refresh, gets a token without exp
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE); // no exp → counts as expiring → refresh
    expect(refreshTokens).toHaveBeenCalledTimes(2);
  });

  it('forces logout when the periodic refresh fails', async () => {
    const { actor, clearTokens } = await startSession({
      stored: { access: tokenExpiringIn(6 * MINUTE), refresh: 'refresh-1' },
      refresh: async () => {
        throw new EffectError('session-expired', 'Token is invalid or expired');
      },
    });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('forcedLogout');
    expect(selectWasForcedOut(snapshot)).toBe(true);
    expect(snapshot.context).toMatchObject({
      accessToken: null,
      refreshToken: null,
      forcedLogoutReason: 'refresh-failed',
      error: { failure: 'session-expired', message: 'Token is invalid or expired' },
    });
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('stays signed in without signal: a refresh that gets no answer is tried again at the next check', async () => {
    let online = false;
    const { actor, clearTokens, notify, refreshTokens } = await startSession({
      // Opened after a night away: the access token long expired, the refresh token good.
      stored: { access: tokenExpiringIn(-8 * 60 * MINUTE), refresh: 'refresh-1' },
      refresh: async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { access: tokenExpiringIn(15 * MINUTE), refresh: 'refresh-2' };
      },
    });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    let snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loggedIn');
    expect(selectIsAuthenticated(snapshot)).toBe(true);
    expect(snapshot.context).toMatchObject({
      refreshToken: 'refresh-1',
      error: { failure: 'network' },
    });
    expect(clearTokens).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(refreshTokens).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    online = true;
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(refreshTokens).toHaveBeenCalledTimes(3);
    snapshot = actor.getSnapshot();
    expect(snapshot.context).toMatchObject({ refreshToken: 'refresh-2', error: null });
    expect(isTokenExpiring(selectAccessToken(snapshot), Date.now())).toBe(false);
    expect(clearTokens).not.toHaveBeenCalled();
  });

  it('forces logout at the check when the token is expiring and there is no refresh token', async () => {
    const { actor, refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(6 * MINUTE), refresh: null },
    });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    expect(actor.getSnapshot().context.forcedLogoutReason).toBe('no-refresh-token');
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('uses the named delay, which hosts and tests can override', async () => {
    const { refreshTokens } = await startSession({
      stored: { access: tokenExpiringIn(3 * MINUTE), refresh: 'refresh-1' },
      checkIntervalMs: 2 * MINUTE,
    });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('stops checking once signed out', async () => {
    const { actor, refreshTokens, clearTokens } = await startSession({
      stored: { access: tokenExpiringIn(6 * MINUTE), refresh: 'refresh-1' },
    });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(clearTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(refreshTokens).not.toHaveBeenCalled();
  });
});

describe('after a 401', () => {
  const stored = { access: tokenExpiringIn(14 * MINUTE, NOW), refresh: 'refresh-1' };

  it('refreshes once for the request, then forces logout on its second 401', async () => {
    const { actor, refreshTokens, clearTokens } = await startSession({ stored });
    actor.send({ type: 'session.unauthorized', requestId: 'GET /subscriptions#1' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(selectIsSessionBusy(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(refreshTokens).toHaveBeenCalledTimes(1);

    // The retried request is refused again: no second refresh, no loop.
    actor.send({ type: 'session.unauthorized', requestId: 'GET /subscriptions#1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    expect(actor.getSnapshot().context.forcedLogoutReason).toBe('unauthorized-after-refresh');
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('gives each request its own one refresh', async () => {
    const { actor, refreshTokens } = await startSession({ stored });
    actor.send({ type: 'session.unauthorized', requestId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'session.unauthorized', requestId: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(refreshTokens).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between requests that fail together', async () => {
    let resolveRefresh: (tokens: RefreshedTokens) => void = () => {};
    const { actor, refreshTokens } = await startSession({
      stored,
      refresh: () => new Promise((resolve) => (resolveRefresh = resolve)),
    });
    actor.send({ type: 'session.unauthorized', requestId: 'a' });
    actor.send({ type: 'session.unauthorized', requestId: 'b' });
    resolveRefresh({ access: tokenExpiringIn(15 * MINUTE) });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.refreshedRequestIds).toEqual(['a', 'b']);
    actor.send({ type: 'session.unauthorized', requestId: 'b' });
    expect(actor.getSnapshot().value).toBe('forcedLogout');
  });

  it('forces logout without trying when there is no refresh token', async () => {
    const { actor, refreshTokens, clearTokens } = await startSession({
      stored: { access: stored.access, refresh: null },
    });
    actor.send({ type: 'session.unauthorized', requestId: 'a' });
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    expect(actor.getSnapshot().context.forcedLogoutReason).toBe('no-refresh-token');
    expect(refreshTokens).not.toHaveBeenCalled();
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('forces logout when the refresh fails', async () => {
    const { actor, clearTokens } = await startSession({
      stored,
      refresh: async () => {
        throw new TypeError('fetch failed');
      },
    });
    actor.send({ type: 'session.unauthorized', requestId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    expect(actor.getSnapshot().context.error).toEqual({ failure: 'network', message: null });
    expect(clearTokens).toHaveBeenCalledTimes(1);
  });

  it('retryAfterUnauthorized gives the new token once, then null', async () => {
    const newAccess = tokenExpiringIn(15 * MINUTE);
    const { actor } = await startSession({ stored, refresh: async () => ({ access: newAccess }) });
    await expect(retryAfterUnauthorized(actor, 'req-1')).resolves.toBe(newAccess);
    expect(selectAccessToken(actor.getSnapshot())).toBe(newAccess);
    await expect(retryAfterUnauthorized(actor, 'req-1')).resolves.toBeNull();
  });
});

describe('logging in', () => {
  it('stores the tokens on success', async () => {
    const { actor, persistTokens, login } = await startSession();
    actor.send({ type: 'session.login', credentials: { username: 'asha', password: 'secret1' } });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(login).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(persistTokens).toHaveBeenCalledWith(expect.any(String), 'refresh-1');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('secret1');
  });

  it('shows the server message, else the default, when login fails', async () => {
    const { actor, notify } = await startSession({
      login: async () => {
        throw new EffectError('refused', 'No active account found with the given credentials');
      },
    });
    actor.send({ type: 'session.login', credentials: { username: 'asha', password: 'x' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error?.failure).toBe('refused');
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      title: 'Login Failed',
      message: 'No active account found with the given credentials',
    });

    const second = await startSession({
      login: async () => {
        throw new EffectError('refused');
      },
    });
    second.actor.send({ type: 'session.login', credentials: { username: 'asha', password: 'x' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(second.notify).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Invalid credentials. Please try again.' }),
    );
  });

  it('accepts tokens from OTP verification and can log in again after a forced logout', async () => {
    const { actor, persistTokens } = await startSession({
      stored: { access: tokenExpiringIn(14 * MINUTE), refresh: null },
    });
    actor.send({ type: 'session.unauthorized', requestId: 'a' });
    expect(actor.getSnapshot().value).toBe('forcedLogout');
    actor.send({
      type: 'session.tokens_received',
      tokens: { access: tokenExpiringIn(15 * MINUTE), refresh: 'refresh-9' },
    });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.forcedLogoutReason).toBeNull();
    expect(persistTokens).toHaveBeenLastCalledWith(expect.any(String), 'refresh-9');
  });
});
