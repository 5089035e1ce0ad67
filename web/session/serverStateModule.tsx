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
import type { Language } from '@web/i18n/i18n';

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
  /** Starts the profile query with the answer ./serverState askProfileEarly asked for. */
  prefetchProfile(early: Promise<Response | null>): void;
  /** The profile as an answer brought it (OTP verification, a completed profile). */
  setProfile(user: User): void;
  /** Saves the language on the account (e-mails and SMS follow it); the profile then says it. */
  saveLanguage(language: Language): Promise<void>;
  /** Drops every cached answer (the session ended). */
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

export function createServerState(getSession: () => SessionLink | null): ServerState {
  const api = createApi(getSession);
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
    prefetchProfile(early) {
      void queryClient.prefetchQuery({
        queryKey: PROFILE_KEY,
        queryFn: async () => {
          const answer = await early;
          return answer?.ok ? keepProfile((await answer.json()) as User) : fetchProfile();
        },
      });
    },
    setProfile(user) {
      queryClient.setQueryData(PROFILE_KEY, keepProfile(user));
    },
    async saveLanguage(language) {
      const user = await apiFetch(api, 'put', '/accounts/language/', { body: { language } });
      queryClient.setQueryData(PROFILE_KEY, keepProfile(user));
    },
    forgetAnswers() {
      queryClient.removeQueries();
    },
  };
}
