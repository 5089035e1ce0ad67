// The server-state half of the app (the openapi-fetch client and TanStack Query's cache) is a chunk
// of its own, loaded the first time something needs it: any page but the landing, the landing's
// plans, a stored session. A visitor's landing page paints without it, which keeps the JavaScript
// "/" needs under its budget (scripts/check-bundle-size.mjs). Everything else sees no difference:
// the client (deferredApi) answers at once, pages render inside the query cache's provider.
import { lazy, type ComponentType } from 'react';
import { REQUEST_TIMEOUT_MS } from '@machines/shared';
import { isTokenExpiring } from '@machines/session';
import type { ApiClient, SessionLink } from '@web/api/client';
import { loadAppMessages } from '@web/i18n/i18n';
import type { ServerState } from './serverStateModule';

let sessionLink: () => SessionLink | null = () => null;
let loading: Promise<ServerState> | null = null;
let loaded: ServerState | null = null;

/** The session the API client reads its token from (SessionProvider sets it once). */
export function linkSession(link: () => SessionLink | null) {
  sessionLink = link;
}

export function loadServerState(): Promise<ServerState> {
  // Every screen behind this chunk speaks through the "app" messages (web/i18n/namespaces.ts).
  loading ??= Promise.all([import('./serverStateModule'), loadAppMessages()]).then(
    ([{ createServerState }]) => {
      loaded = createServerState(() => sessionLink());
      return loaded;
    },
  );
  return loading;
}

/**
 * A returning user's first screen waits for their profile. With a stored access token the session
 * machine signs in with as it is (a fresh one: machines/session), the profile is asked for as the
 * app starts, while XState and this chunk load; the profile query then takes that answer, or asks
 * again through the API client when it was not a success, once `sessionReady` says the session
 * machine has read the tokens (before that the client knows no session: it would ask without a
 * token and take the 401 for the end of the session).
 */
export function askProfileEarly(storedAccessToken: string | null, sessionReady: Promise<unknown>) {
  if (!storedAccessToken || isTokenExpiring(storedAccessToken, Date.now())) return;
  const early = fetch('/api/accounts/profile/', {
    headers: { Authorization: `Bearer ${storedAccessToken}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => null);
  void loadServerState().then((state) => state.prefetchProfile(early, sessionReady));
}

/** The server state if it has loaded (nothing cached before that, so nothing to clear). */
export function loadedServerState(): ServerState | null {
  return loaded;
}

/** A component that renders, once it and the server state have loaded, inside the query cache. */
export function lazyWithServerState<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
) {
  return lazy(async () => {
    const [Component, state] = await Promise.all([load(), loadServerState()]);
    return { default: state.withQueryClient(Component) };
  });
}

const METHODS = [
  'request',
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
] as const;

/**
 * The API client, usable before its chunk has loaded: each call loads it first. Every call returns
 * a promise anyway, so callers cannot tell.
 */
export function deferredApi(): ApiClient {
  const api: Record<string, unknown> = {};
  for (const method of METHODS) {
    api[method] = (...args: unknown[]) =>
      loadServerState().then((state) =>
        (state.api[method] as (...params: unknown[]) => unknown)(...args),
      );
  }
  // Middleware belongs to the real client (web/api/client.ts); nothing adds any later.
  api.use = () => {};
  api.eject = () => {};
  return api as unknown as ApiClient;
}
