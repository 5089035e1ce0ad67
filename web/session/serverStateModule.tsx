// The server-state chunk (loaded through ./serverState): one API client and one query cache for
// the whole app, the cache's provider for each page, the signed-in user's profile query, and what
// each role may call (machines/staff/staff.access, whose roles table a visitor's page never needs).
import {
  QueryClientProvider,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { components } from '@generated/api';
import { mayCall, roleMayOpen } from '@machines/staff';
import { apiFetch, apiKey } from '@web/api/call';
import { createApi, type ApiClient, type SessionLink } from '@web/api/client';
import { ApiError } from '@web/api/errors';
import { keepProfile, keptProfile } from './tokens';
import { injectedBusiness } from '@web/app/business';
import { createQueryClient } from '@web/app/queryClient';
import {
  languageAfterProfile,
  rememberAsAccountLanguage,
  pickedLanguage,
} from '@web/i18n/accountLanguage';
import { currentLanguage, switchLanguage, type Language } from '@web/i18n/i18n';

type User = components['schemas']['User'];

/** The signed-in user's profile in the query cache (GET /accounts/profile/). */
const PROFILE_KEY = apiKey('/accounts/profile/');

/** What the session reads of the profile query. */
export interface ProfileState {
  user: User | null;
  pending: boolean;
  /** A failure that ends the session: anything but 400 and 404 (docs/web.md: Session). */
  failed: boolean;
}

export interface ServerState {
  api: ApiClient;
  withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props>;
  /** Runs the profile query while subscribed; `onChange` gets each state, the current one first. */
  observeProfile(onChange: (state: ProfileState) => void): () => void;
  /**
   * Starts the profile query with the answer ./serverState askProfileEarly asked for; when that was
   * no success, asks through the client once `sessionReady` settles.
   */
  prefetchProfile(early: Promise<Response | null>, sessionReady: Promise<unknown>): void;
  /** The profile as an answer brought it (OTP verification, a completed profile). */
  setProfile(user: User): void;
  /**
   * Saves the language on the account (e-mails and SMS follow it); the profile then says it, and
   * the device remembers it as the account's.
   */
  saveLanguage(language: Language): Promise<void>;
  /**
   * Follows the signed-in account's language as its profile arrives (web/i18n/accountLanguage.ts):
   * shows it, or saves the device's pick on it, and may offer back the language shown before.
   */
  followLanguage(account: Language, signingIn: boolean): void;
  /**
   * The language offered back after a sign-in showed the account's (web/features/onboarding
   * LanguageOffer), until the person chooses or closes it, or the session ends.
   */
  languageOffer(): Language | null;
  /** Closes the offer (null) or makes one; the listeners hear it. */
  setLanguageOffer(offer: Language | null): void;
  onLanguageOffer(listener: () => void): () => void;
  /** Drops every cached answer and any offer (the session ended). */
  forgetAnswers(): void;
  /** What a role may call and open (machines/staff over x-roles), with the signed-in chunk. */
  readonly mayCall: typeof mayCall;
  readonly roleMayOpen: typeof roleMayOpen;
}

function profileState(result: QueryObserverResult<User, Error>): ProfileState {
  const { error } = result;
  const ignored = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return { user: result.data ?? null, pending: result.isPending, failed: !!error && !ignored };
}

/** `baseUrl` as createApi's: tests outside a browser give an absolute one. */
export function createServerState(
  getSession: () => SessionLink | null,
  baseUrl?: string,
): ServerState {
  const api = createApi(getSession, baseUrl);
  const queryClient = createQueryClient();
  // Offline (no answer at all), the profile this device kept: the installed app opened without
  // signal still knows who is signed in (a rider's run sheet is kept on the phone too).
  const fetchProfile = async () => {
    try {
      return keepProfile(await apiFetch(api, 'get', '/accounts/profile/'));
    } catch (error) {
      const kept = error instanceof ApiError && error.failure === 'network' ? keptProfile() : null;
      if (kept) return kept;
      throw error;
    }
  };
  let offer: Language | null = null;
  const offerListeners = new Set<() => void>();
  const setLanguageOffer = (next: Language | null) => {
    offer = next;
    for (const listener of offerListeners) listener();
  };

  async function saveLanguage(language: Language) {
    const user = await apiFetch(api, 'put', '/accounts/language/', { body: { language } });
    queryClient.setQueryData(PROFILE_KEY, keepProfile(user));
    rememberAsAccountLanguage(language);
  }
  // The page came with the business profile (server/platform/web.ts): the contact page needs no request.
  const business = injectedBusiness();
  if (business) queryClient.setQueryData(apiKey('/business/'), business);

  return {
    api,
    mayCall,
    roleMayOpen,
    withQueryClient<Props extends object>(Component: ComponentType<Props>) {
      function WithQueryClient(props: Props) {
        return (
          <QueryClientProvider client={queryClient}>
            <Component {...props} />
          </QueryClientProvider>
        );
      }
      return WithQueryClient;
    },
    observeProfile(onChange) {
      const observer = new QueryObserver<User, Error>(queryClient, {
        queryKey: PROFILE_KEY,
        queryFn: () => fetchProfile(),
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && [400, 401, 404].includes(error.status)),
      });
      const unsubscribe = observer.subscribe((result) => onChange(profileState(result)));
      onChange(profileState(observer.getCurrentResult()));
      return unsubscribe;
    },
    prefetchProfile(early, sessionReady) {
      void queryClient.prefetchQuery({
        queryKey: PROFILE_KEY,
        queryFn: async () => {
          const answer = await early;
          if (answer?.ok) return keepProfile((await answer.json()) as User);
          await sessionReady;
          return fetchProfile();
        },
      });
    },
    setProfile(user) {
      queryClient.setQueryData(PROFILE_KEY, keepProfile(user));
    },
    saveLanguage,
    followLanguage(account, signingIn) {
      const shown = currentLanguage();
      const decision = languageAfterProfile({
        picked: pickedLanguage(),
        shown,
        account,
        signingIn,
      });
      // Not saved (offline): the pick stays the device's, for the next sign-in.
      if (decision.save) void saveLanguage(decision.save).catch(() => {});
      else if (decision.show === account) {
        if (account === shown) rememberAsAccountLanguage(account);
        else {
          void switchLanguage(account).then(
            () => rememberAsAccountLanguage(account),
            () => {},
          );
        }
      }
      // Else a pick the account does not say, on a session coming back, shows as it is.
      if (decision.offer) setLanguageOffer(decision.offer);
    },
    languageOffer: () => offer,
    setLanguageOffer,
    onLanguageOffer(listener) {
      offerListeners.add(listener);
      return () => offerListeners.delete(listener);
    },
    forgetAnswers() {
      queryClient.removeQueries();
      setLanguageOffer(null);
    },
  };
}
