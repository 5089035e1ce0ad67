// The session for the app: the session machine's state and the signed-in user, and who asks the API
// (web/api/scope.ts). The client, the query cache and XState load on first need (./serverState,
// ./sessionHost), so a visitor's first page paints without them.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import type { components } from '@generated/api';
import type { RouteEntry, RouteUser } from '@machines/onboarding';
import type { Credentials, SessionTokens } from '@machines/session';
import { isBusinessSide, type OperationId } from '@machines/staff';
import { ApiScopeContext, type ApiScope } from '@web/api/scope';
import { useToast } from '@web/components/Toaster';
import type { Language } from '@web/i18n/i18n';
import type { SessionHost } from './sessionHost';
import {
  askProfileEarly,
  deferredApi,
  linkSession,
  loadedServerState,
  loadServerState,
} from './serverState';
import type { ProfileState } from './serverStateModule';
import { readTokens, rememberOwner } from './tokens';

export type User = components['schemas']['User'];

interface SessionValue {
  /** The session machine's state value ('loggedOut', 'loggingIn', 'loggedIn', ...). */
  sessionState: string;
  /** Restoring the session or fetching the user: the guards show a spinner. */
  loading: boolean;
  user: User | null;
  routeUser: RouteUser | null;
  /** Whether the signed-in user's role may call an operation (machines/staff mayCall). */
  mayCall: (operationId: OperationId) => boolean;
  /** Whether it may open a business route (machines/staff roleMayOpen); for the guards and links. */
  mayOpen: (route: RouteEntry) => boolean;
  login: (credentials: Credentials) => void;
  /** Starts a session with tokens from elsewhere (OTP verification); resolves once signed in. */
  acceptTokens: (tokens: SessionTokens) => Promise<void>;
  /** Ends the session (the machine revokes it on the server) and shows the landing page. */
  logout: () => void;
  setUser: (user: User) => void;
  /** Saves the language on the signed-in account, whose profile then says it. */
  saveLanguage: (language: Language) => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/**
 * Whether the signed-in user's role may call `operationId` (machines/staff mayCall over the
 * contract's x-roles): what a screen offers (links, tiles, buttons) follows from it.
 */
export function useMayCall(): (operationId: OperationId) => boolean {
  return useSession().mayCall;
}

const MAY_NOT = () => false;

const PROFILE_PENDING: ProfileState = { user: null, pending: true, failed: false };

/**
 * The signed-in user's profile (the query cache's GET /accounts/profile/) while `authenticated`;
 * `follow` hears each of its states as it arrives.
 */
function useProfile(authenticated: boolean, follow: (profile: ProfileState) => void): ProfileState {
  const [profile, setProfile] = useState<ProfileState>(PROFILE_PENDING);
  useEffect(() => {
    if (!authenticated) return;
    let stop: (() => void) | null = null;
    let active = true;
    void loadServerState().then((state) => {
      if (!active) return;
      stop = state.observeProfile((next) => {
        follow(next);
        // A transition: the signed-in screen that follows is built in slices, not in one long task.
        startTransition(() => setProfile(next));
      });
    });
    return () => {
      active = false;
      stop?.();
      // The next session starts from "loading", never from this user's profile.
      setProfile(PROFILE_PENDING);
    };
  }, [authenticated, follow]);
  return authenticated ? profile : PROFILE_PENDING;
}

/** Drops every cached answer (the session ended): nothing was cached if the cache never loaded. */
function forgetAnswers() {
  loadedServerState()?.forgetAnswers();
}

/** Runs `change` on the server state, at once once it has loaded. */
function withServerState(
  change: (state: NonNullable<ReturnType<typeof loadedServerState>>) => void,
) {
  const loaded = loadedServerState();
  if (loaded) change(loaded);
  else void loadServerState().then(change);
}

interface SessionView {
  state: string;
  authenticated: boolean;
  accessToken: string | null;
}

const NO_HOST_VIEW: SessionView = { state: 'loggedOut', authenticated: false, accessToken: null };

/** The few fields of the machine's snapshot the app renders from, as a stable object. */
function useSessionView(host: SessionHost | null): SessionView {
  const cache = useRef<SessionView>(NO_HOST_VIEW);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!host) return () => {};
      const subscription = host.actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [host],
  );
  const read = useCallback(() => {
    if (!host) return NO_HOST_VIEW;
    const snapshot = host.actor.getSnapshot();
    const next: SessionView = {
      state: typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value),
      authenticated: snapshot.hasTag('authenticated'),
      accessToken: snapshot.context.accessToken,
    };
    const previous = cache.current;
    if (
      previous.state === next.state &&
      previous.authenticated === next.authenticated &&
      previous.accessToken === next.accessToken
    ) {
      return previous;
    }
    cache.current = next;
    return next;
  }, [host]);
  return useSyncExternalStore(subscribe, read, read);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const notify = useToast();
  const [, navigate] = useLocation();
  const hostRef = useRef<SessionHost | null>(null);
  const hostPromise = useRef<Promise<SessionHost> | null>(null);
  const [host, setHost] = useState<SessionHost | null>(null);
  const [hadStoredSession] = useState(() => readTokens() !== null);

  const [api] = useState(() => {
    linkSession(() => {
      const current = hostRef.current;
      if (!current) return null;
      return {
        accessToken: () => current.actor.getSnapshot().context.accessToken,
        retryAfterUnauthorized: (id) => current.retryAfterUnauthorized(id),
      };
    });
    return deferredApi();
  });

  const ensureHost = useCallback(() => {
    hostPromise.current ??= import('./sessionHost').then(({ startSessionHost }) => {
      const started = startSessionHost(api, {
        notify,
        navigate: (path) => navigate(path, { replace: true }),
        forgetAnswers,
      });
      hostRef.current = started;
      setHost(started);
      return started;
    });
    return hostPromise.current;
  }, [api, notify, navigate]);

  useEffect(() => {
    if (!hadStoredSession) return;
    askProfileEarly(
      readTokens()?.access ?? null,
      ensureHost().then((started) => started.ready),
    );
  }, [hadStoredSession, ensureHost]);

  const view = useSessionView(host);
  const restoring = hadStoredSession && (!host || view.state === 'restoring');
  // Set when someone signs in, until their profile arrives: the device's pick then goes to the
  // account (web/i18n/accountLanguage.ts); a session coming back saves nothing.
  const signingIn = useRef(false);

  // What follows from the profile as it arrives (docs/web.md: Session, Language).
  const followProfile = useCallback((next: ProfileState) => {
    // A failed profile fetch with 404 or 400 is ignored; any other failure logs out.
    if (next.failed) hostRef.current?.actor.send({ type: 'session.logout' });
    const user = next.user;
    if (!user) return;
    rememberOwner(isBusinessSide(user.user_type));
    // The profile came from the server-state chunk, which has loaded.
    loadedServerState()?.followLanguage(user.language, signingIn.current);
    signingIn.current = false;
  }, []);
  const profile = useProfile(view.authenticated, followProfile);

  const user = view.authenticated ? profile.user : null;
  const loading = restoring || (view.authenticated && profile.pending);

  const logout = useCallback(() => {
    hostRef.current?.actor.send({ type: 'session.logout' });
    navigate('/');
  }, [navigate]);

  // The roles table comes with the server-state chunk, which has loaded once there is a profile.
  const access = user ? loadedServerState() : null;
  const userType = user?.user_type ?? null;
  const mayCall = useMemo(
    () =>
      access && userType
        ? (operationId: OperationId) => access.mayCall(userType, operationId)
        : MAY_NOT,
    [access, userType],
  );
  const mayOpen = useMemo(
    () =>
      access && userType ? (route: RouteEntry) => access.roleMayOpen(route, userType) : MAY_NOT,
    [access, userType],
  );

  const value = useMemo<SessionValue>(
    () => ({
      sessionState: view.state,
      loading,
      user,
      routeUser: user
        ? {
            status: user.status,
            userType: user.user_type,
            phone: user.phone,
            // A number the owner changed waits for its code (awaitsPhoneCheck).
            phoneVerified: user.phone_verified,
          }
        : null,
      mayCall,
      mayOpen,
      login: (credentials) => {
        signingIn.current = true;
        void ensureHost().then(async (started) => {
          await started.ready;
          started.actor.send({ type: 'session.login', credentials });
        });
      },
      acceptTokens: async (tokens) => {
        signingIn.current = true;
        const started = await ensureHost();
        await started.ready;
        started.actor.send({ type: 'session.tokens_received', tokens });
      },
      logout,
      setUser: (next) => withServerState((state) => state.setProfile(next)),
      saveLanguage: (language) => loadServerState().then((state) => state.saveLanguage(language)),
    }),
    [view.state, loading, user, mayCall, mayOpen, logout, ensureHost],
  );
  const role = userType ? (isBusinessSide(userType) ? 'business' : 'customer') : null;
  const scope = useMemo<ApiScope>(() => ({ api, role }), [api, role]);

  return (
    <SessionContext.Provider value={value}>
      <ApiScopeContext.Provider value={scope}>{children}</ApiScopeContext.Provider>
    </SessionContext.Provider>
  );
}
