// Runs machines/session with the browser's effects. Loaded only once there is a session to
// restore or one is being started, so a first-time visitor's landing page does without XState.
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import {
  type Credentials,
  type RefreshedTokens,
  retryAfterUnauthorized,
  sessionMachine,
  type SessionMachine,
  type SessionTokens,
  type StoredTokens,
} from '@machines/session';
import { apiFetch } from '@web/api/call';
import type { ApiClient } from '@web/api/client';
import type { ToastInput } from '@web/components/toast';
import { sessionText } from './messages';
import { clearTokens, readTokens, writeTokens } from './tokens';

export interface SessionHost {
  readonly actor: ActorRefFrom<SessionMachine>;
  /** Settles once stored tokens are read; events sent before then would be dropped. */
  readonly ready: Promise<unknown>;
  /** For the API middleware after a 401: the new access token, or null once forced out. */
  retryAfterUnauthorized(requestId: string): Promise<string | null>;
}

/** What the app does for the session machine beyond the API and local storage. */
export interface SessionEffects {
  notify(toast: ToastInput): void;
  /** Shows `path` in place of the current page (a forced logout's /login). */
  navigate(path: string): void;
  /** Drops every answer fetched for the session that ended (the query cache). */
  forgetAnswers(): void;
}

export function startSessionHost(api: ApiClient, effects: SessionEffects): SessionHost {
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadTokens: fromPromise<StoredTokens | null>(async () => readTokens()),
        login: fromPromise<SessionTokens, Credentials>(async ({ input }) =>
          apiFetch(api, 'post', '/accounts/login/', { body: input }),
        ),
        refreshTokens: fromPromise<RefreshedTokens, { refreshToken: string }>(async ({ input }) =>
          apiFetch(api, 'post', '/accounts/token/refresh/', {
            body: { refresh: input.refreshToken },
          }),
        ),
      },
      actions: {
        persistTokens: ({ context }) => writeTokens(context.accessToken, context.refreshToken),
        clearTokens: () => {
          clearTokens();
          effects.forgetAnswers();
        },
        notify: (_, notice) =>
          effects.notify({
            tone: notice.tone,
            title: sessionText(notice.title),
            message: sessionText(notice.message),
          }),
        revokeSession: ({ context }) => {
          // The machine clears the tokens next, so this call carries them itself; the user is never
          // kept waiting on it, and a failure changes nothing here.
          const { accessToken, refreshToken } = context;
          void apiFetch(api, 'post', '/accounts/logout/', {
            body: refreshToken ? { refresh: refreshToken } : {},
            ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
          }).catch(() => {});
        },
        navigate: (_, { to }) => effects.navigate(to),
      },
    }),
  );
  actor.start();
  return {
    actor,
    ready: waitFor(actor, (snapshot) => !snapshot.matches('restoring')).catch(() => undefined),
    retryAfterUnauthorized: (requestId) => retryAfterUnauthorized(actor, requestId),
  };
}
