// The one API client: bearer token, one refresh-and-retry after a 401, and a 30 s timeout.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '@generated/api';
import { REQUEST_TIMEOUT_MS } from '@machines/shared';
import { currentLanguage } from '@web/i18n/i18n';

export type ApiClient = Client<paths>;

/** What the client needs from the session (null while no session runs). */
export interface SessionLink {
  accessToken(): string | null;
  /** Reports a 401 for `requestId` and resolves the token to retry with, or null (forced out). */
  retryAfterUnauthorized(requestId: string): Promise<string | null>;
}

/** Calls where a 401 means "wrong credentials", not "expired token": never refresh for them. */
const NO_REFRESH = new Set([
  '/accounts/login/',
  '/accounts/token/refresh/',
  '/accounts/verify-otp/',
  '/accounts/register/',
  '/accounts/logout/',
]);

/** `baseUrl` is the page's /api; tests outside a browser give an absolute one. */
export function createApi(getSession: () => SessionLink | null, baseUrl = '/api'): ApiClient {
  const client = createClient<paths>({ baseUrl });
  // onResponse sees a consumed body, so the retry needs a copy taken before the request is sent.
  const pendingCopies = new Map<string, Request>();

  const auth: Middleware = {
    onRequest({ request, id, schemaPath }) {
      const token = getSession()?.accessToken() ?? null;
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      // The server writes its error messages in the language the app shows.
      request.headers.set('Accept-Language', currentLanguage());
      const timed = new Request(request, {
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      if (!NO_REFRESH.has(schemaPath)) pendingCopies.set(id, timed.clone());
      return timed;
    },
    async onResponse({ response, id, schemaPath }) {
      const copy = pendingCopies.get(id);
      pendingCopies.delete(id);
      const session = getSession();
      if (response.status !== 401 || !copy || !session || NO_REFRESH.has(schemaPath)) return;
      // Sent with a token the session has since replaced (another call's refresh answered first):
      // its 401 says nothing of the current token, so it is retried with that, not refreshed again.
      const current = session.accessToken();
      const stale = current !== null && copy.headers.get('Authorization') !== `Bearer ${current}`;
      const token = stale ? current : await session.retryAfterUnauthorized(id);
      if (!token) return response;
      const retry = new Request(copy, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      retry.headers.set('Authorization', `Bearer ${token}`);
      const second = await fetch(retry);
      // A second 401 for the same request ends the session (the machine decides).
      if (second.status === 401) await session.retryAfterUnauthorized(id);
      return second;
    },
    onError({ id }) {
      pendingCopies.delete(id);
    },
  };
  client.use(auth);
  return client;
}
