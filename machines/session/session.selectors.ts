import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { waitFor } from 'xstate';
import { REQUEST_TIMEOUT_MS } from '../shared/constants';
import type { SessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Restoring, logging in or refreshing. */
export const selectIsSessionBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');
/** Still reading stored tokens: show the spinner instead of deciding a route. */
export const selectIsSessionLoading = (snapshot: SessionSnapshot) => snapshot.matches('restoring');
/** Has tokens that requests may use (while refreshing, requests wait for the new one). */
export const selectIsAuthenticated = (snapshot: SessionSnapshot) =>
  snapshot.hasTag('authenticated');
export const selectWasForcedOut = (snapshot: SessionSnapshot) => snapshot.matches('forcedLogout');
export const selectAccessToken = (snapshot: SessionSnapshot) => snapshot.context.accessToken;

/**
 * For an API client's middleware after a 401: reports it and waits for the refresh.
 * Resolves the new access token to retry with, or null when the session was forced out (the
 * request then fails as 'session-expired'). A second 401 for the same requestId forces logout.
 */
export async function retryAfterUnauthorized(
  session: ActorRefFrom<SessionMachine>,
  requestId: string,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<string | null> {
  session.send({ type: 'session.unauthorized', requestId });
  try {
    const settled = await waitFor(session, (snapshot) => !snapshot.hasTag('busy'), {
      timeout: timeoutMs,
    });
    return settled.matches('loggedIn') ? settled.context.accessToken : null;
  } catch {
    return null;
  }
}
