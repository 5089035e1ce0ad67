import { type MachineError, toMachineError } from '../shared/failure';
import { defineMachine } from '../shared/lifecycle';
import {
  type ActorRefFrom,
  and,
  assertEvent,
  assign,
  fromPromise,
  setup,
  type SnapshotFrom,
  waitFor,
} from 'xstate';
import { CHECK_INTERVAL_MS, REQUEST_TIMEOUT_MS } from '../shared/constants';
import {
  LOGIN_FAILED_TITLE,
  loginFailedMessage,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TITLE,
} from './session.messages';
import { isTokenExpiring, REMEMBERED_REQUEST_IDS } from './session.rules';

/** Tokens as the API returns them (POST /accounts/login/, /accounts/verify-otp/). */
export interface SessionTokens {
  readonly access: string;
  readonly refresh: string | null;
}

/** What the host found in storage (localStorage on the web, a 0600 file for the CLI). */
export interface StoredTokens {
  readonly access: string | null;
  readonly refresh: string | null;
}

/** POST /accounts/token/refresh/ answers a new access token, and a new refresh token if it rotates them. */
export interface RefreshedTokens {
  readonly access: string;
  readonly refresh?: string | null;
}

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export type ForcedLogoutReason =
  | 'refresh-failed'
  | 'no-refresh-token'
  | 'unauthorized-after-refresh'
  | 'expired-without-refresh-token';

export interface SessionContext {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  /** Requests that have had their one refresh after a 401 (most recent last, bounded). */
  readonly refreshedRequestIds: readonly string[];
  /** The refresh under way answers a 401 (not the periodic check or a restored session). */
  readonly refreshingFor401?: boolean;
  readonly error: MachineError | null;
  readonly forcedLogoutReason: ForcedLogoutReason | null;
}

export type SessionEvent =
  | { readonly type: 'session.login'; readonly credentials: Credentials }
  /** Tokens obtained another way (OTP verification answers access and refresh). */
  | { readonly type: 'session.tokens_received'; readonly tokens: SessionTokens }
  | { readonly type: 'session.logout' }
  /** A request answered 401. Each request id gets one refresh; a second 401 for it forces logout. */
  | { readonly type: 'session.unauthorized'; readonly requestId: string }
  /** The user has seen the forced logout (e.g. the /login page is showing). */
  | { readonly type: 'session.acknowledge' };

export type SessionEventType = SessionEvent['type'];

// Session: loggedOut → loggingIn → loggedIn ⇄ refreshing → forcedLogout. Tokens live in the host's storage.

function notProvided(name: string): never {
  throw new Error(`The host must provide '${name}' with machine.provide().`);
}

const signedOutContext = {
  accessToken: null,
  refreshToken: null,
  refreshedRequestIds: [],
  refreshingFor401: false,
} as const;

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const sessionMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      tags: {} as 'busy' | 'authenticated' | 'signedOut',
    },
    delays: {
      /** Overridable in tests and hosts with .provide({ delays }). */
      checkInterval: CHECK_INTERVAL_MS,
    },
    actors: {
      /** Reads stored tokens; resolves null when there are none. */
      loadTokens: fromPromise<StoredTokens | null>(async () => notProvided('loadTokens')),
      /** POST /accounts/login/. */
      login: fromPromise<SessionTokens, Credentials>(async () => notProvided('login')),
      /** POST /accounts/token/refresh/. */
      refreshTokens: fromPromise<RefreshedTokens, { refreshToken: string }>(async () =>
        notProvided('refreshTokens'),
      ),
    },
    actions: {
      /** Host writes context.accessToken and context.refreshToken to its storage. */
      persistTokens: () => {},
      /** Host removes the tokens from its storage (and whatever else it kept for the session). */
      clearTokens: () => {},
      /** Host shows a toast. */
      notify: (
        _,
        _notice: { tone: 'error' | 'info' | 'warning'; title: string; message: string },
      ) => {},
      /**
       * Host tells the server the session is over (POST /accounts/logout/ with context's tokens),
       * without waiting for the answer: runs before the tokens are cleared.
       */
      revokeSession: () => {},
      /** Host shows this path instead of the current one (the web app; `dabba` has no screens). */
      navigate: (_, _params: { to: string }) => {},
      acceptTokens: assign(({ event }) => {
        assertEvent(event, 'session.tokens_received');
        return {
          accessToken: event.tokens.access,
          refreshToken: event.tokens.refresh,
          refreshedRequestIds: [],
          error: null,
          forcedLogoutReason: null,
        };
      }),
      forceLogout: assign((_, params: { reason: ForcedLogoutReason }) => ({
        ...signedOutContext,
        forcedLogoutReason: params.reason,
      })),
      rememberRequest: assign({
        refreshedRequestIds: ({ context, event }) => {
          assertEvent(event, 'session.unauthorized');
          return [...context.refreshedRequestIds, event.requestId].slice(-REMEMBERED_REQUEST_IDS);
        },
        refreshingFor401: true,
      }),
    },
    guards: {
      hasNoStoredAccessToken: ({ event }) =>
        !('output' in event) || !(event.output as StoredTokens | null)?.access,
      isStoredAccessFresh: ({ event }) =>
        'output' in event &&
        !isTokenExpiring((event.output as StoredTokens | null)?.access, Date.now()),
      hasStoredRefreshToken: ({ event }) =>
        'output' in event && !!(event.output as StoredTokens | null)?.refresh,
      isAccessTokenExpiring: ({ context }) => isTokenExpiring(context.accessToken, Date.now()),
      hasRefreshToken: ({ context }) => !!context.refreshToken,
      isOfflineCheck: ({ context, event }) =>
        !context.refreshingFor401 &&
        'error' in event &&
        toMachineError(event.error).failure === 'network',
      wasRefreshedFor: ({ context, event }) =>
        event.type === 'session.unauthorized' &&
        context.refreshedRequestIds.includes(event.requestId),
    },
  }).createMachine({
    id: 'session',
    initial: 'restoring',
    context: { ...signedOutContext, error: null, forcedLogoutReason: null },
    states: {
      restoring: {
        tags: ['busy'],
        invoke: {
          id: 'loadTokens',
          src: 'loadTokens',
          onDone: [
            { guard: 'hasNoStoredAccessToken', target: 'loggedOut' },
            {
              guard: 'isStoredAccessFresh',
              target: 'loggedIn',
              actions: assign({
                accessToken: ({ event }) => event.output?.access ?? null,
                refreshToken: ({ event }) => event.output?.refresh ?? null,
              }),
            },
            {
              guard: 'hasStoredRefreshToken',
              target: 'refreshing',
              actions: assign({
                accessToken: ({ event }) => event.output?.access ?? null,
                refreshToken: ({ event }) => event.output?.refresh ?? null,
              }),
            },
            {
              target: 'forcedLogout',
              actions: { type: 'forceLogout', params: { reason: 'expired-without-refresh-token' } },
            },
          ],
          // Unreadable storage is the same as no session.
          onError: { target: 'loggedOut' },
        },
      },
      loggedOut: {
        tags: ['signedOut'],
        on: {
          'session.login': { target: 'loggingIn' },
          'session.tokens_received': {
            target: 'loggedIn',
            actions: ['acceptTokens', 'persistTokens'],
          },
        },
      },
      loggingIn: {
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'login',
          src: 'login',
          // The password is handed to the actor and never kept in context.
          input: ({ event }) => {
            assertEvent(event, 'session.login');
            return event.credentials;
          },
          onDone: {
            target: 'loggedIn',
            actions: [
              assign({
                accessToken: ({ event }) => event.output.access,
                refreshToken: ({ event }) => event.output.refresh,
                refreshedRequestIds: [],
                forcedLogoutReason: null,
              }),
              'persistTokens',
            ],
          },
          onError: {
            target: 'loggedOut',
            actions: [
              assign({ error: ({ event }) => toMachineError(event.error) }),
              {
                type: 'notify',
                params: ({ context }) => ({
                  tone: 'error' as const,
                  title: LOGIN_FAILED_TITLE,
                  message: loginFailedMessage(context.error),
                }),
              },
            ],
          },
        },
        on: { 'session.logout': { target: 'loggedOut' } },
      },
      loggedIn: {
        tags: ['authenticated'],
        after: {
          checkInterval: [
            { guard: and(['isAccessTokenExpiring', 'hasRefreshToken']), target: 'refreshing' },
            {
              guard: 'isAccessTokenExpiring',
              target: 'forcedLogout',
              actions: { type: 'forceLogout', params: { reason: 'no-refresh-token' } },
            },
            // Not expiring yet: re-enter to start the next 5-minute wait.
            { target: 'loggedIn', reenter: true },
          ],
        },
        on: {
          'session.unauthorized': [
            {
              guard: 'wasRefreshedFor',
              target: 'forcedLogout',
              actions: { type: 'forceLogout', params: { reason: 'unauthorized-after-refresh' } },
            },
            { guard: 'hasRefreshToken', target: 'refreshing', actions: 'rememberRequest' },
            {
              target: 'forcedLogout',
              actions: { type: 'forceLogout', params: { reason: 'no-refresh-token' } },
            },
          ],
          'session.tokens_received': {
            target: 'loggedIn',
            reenter: true,
            actions: ['acceptTokens', 'persistTokens'],
          },
          'session.logout': {
            target: 'loggedOut',
            actions: ['revokeSession', 'clearTokens', assign(signedOutContext)],
          },
        },
      },
      refreshing: {
        tags: ['authenticated', 'busy'],
        invoke: {
          id: 'refreshTokens',
          src: 'refreshTokens',
          input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
          onDone: {
            target: 'loggedIn',
            actions: [
              assign({
                accessToken: ({ event }) => event.output.access,
                refreshToken: ({ context, event }) => event.output.refresh ?? context.refreshToken,
                error: null,
                refreshingFor401: false,
              }),
              'persistTokens',
            ],
          },
          onError: [
            {
              // The check's (or a restored session's) refresh got no answer at all (no signal):
              // the session stays, with the tokens it has, and the next check tries again; a
              // rider's phone must open its run sheet in a lift or a basement. A refresh after a
              // 401 (the server was reached) that fails logs out as the spec says.
              guard: 'isOfflineCheck',
              target: 'loggedIn',
              actions: assign({ error: ({ event }) => toMachineError(event.error) }),
            },
            {
              target: 'forcedLogout',
              actions: [
                assign({ error: ({ event }) => toMachineError(event.error) }),
                { type: 'forceLogout', params: { reason: 'refresh-failed' } },
              ],
            },
          ],
        },
        on: {
          // Another request hit 401 while refreshing: it waits for this refresh, which counts as its one.
          'session.unauthorized': [
            {
              guard: 'wasRefreshedFor',
              target: 'forcedLogout',
              actions: { type: 'forceLogout', params: { reason: 'unauthorized-after-refresh' } },
            },
            { actions: 'rememberRequest' },
          ],
          'session.logout': {
            target: 'loggedOut',
            actions: ['revokeSession', 'clearTokens', assign(signedOutContext)],
          },
        },
      },
      forcedLogout: {
        tags: ['signedOut'],
        // docs/web.md: Session: tokens cleared, "Session Expired", the login page.
        entry: [
          'clearTokens',
          {
            type: 'notify',
            params: {
              tone: 'warning',
              title: SESSION_EXPIRED_TITLE,
              message: SESSION_EXPIRED_MESSAGE,
            },
          },
          { type: 'navigate', params: { to: '/login' } },
        ],
        on: {
          'session.login': { target: 'loggingIn' },
          'session.tokens_received': {
            target: 'loggedIn',
            actions: ['acceptTokens', 'persistTokens'],
          },
          'session.acknowledge': {
            target: 'loggedOut',
            actions: assign({ forcedLogoutReason: null }),
          },
        },
      },
    },
  }),
);

export type SessionMachine = typeof sessionMachine;

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
