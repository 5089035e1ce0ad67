// The contract's reads and writes as TanStack Query hooks, derived from the operation's path and
// method (./call): a read is cached under its path and what it sends; a write refreshes the reads it
// changes. The cache's settings are web/app/queryClient.ts's (docs/web.md: Data
// cache); a read or write states only what differs.
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from './client';
import {
  apiFetch,
  apiFetchPage,
  apiKey,
  type ApiData,
  type ApiInit,
  type ApiKey,
  type ApiMethod,
  type ApiPath,
  type ApiRow,
  type InitArg,
} from './call';
import { isNotFound } from './errors';
import type { Page } from './paging';
import { useApiScope, type ApiRole } from './scope';

interface ReadScope {
  /** The read waits until a user of this role is signed in ('signedIn': anyone signed in). */
  readonly role?: ApiRole | 'signedIn';
  /** False: the read waits (TanStack's `enabled`, on top of `role`). */
  readonly enabled?: boolean;
}

export type ReadOptions<TData, TSelected = TData> = ReadScope &
  Omit<UseQueryOptions<TData, Error, TSelected, ApiKey>, 'queryKey' | 'queryFn' | 'enabled'>;

function allows(role: ApiRole | null, scope: ReadScope): boolean {
  if (scope.enabled === false) return false;
  if (scope.role === undefined) return true;
  return scope.role === 'signedIn' ? role !== null : role === scope.role;
}

/**
 * GET `path` as a query keyed [path, init]. `notFound`: what a 404 reads as (an empty list, null),
 * instead of an error.
 */
export function useApiQuery<
  P extends ApiPath<'get'>,
  I extends ApiInit<'get', P>,
  NotFound = never,
  TSelected = ApiData<'get', P, I> | NotFound,
>(
  path: P,
  init: I,
  options: ReadOptions<ApiData<'get', P, I> | NotFound, TSelected> & {
    readonly notFound?: NotFound;
  } = {},
): UseQueryResult<TSelected, Error> {
  const { api, role } = useApiScope();
  const { role: _role, enabled: _enabled, notFound, ...query } = options;
  return useQuery({
    ...query,
    queryKey: apiKey(path, init),
    enabled: allows(role, options),
    queryFn: async () => {
      try {
        const data = await apiFetch(api, 'get', path, ...([init] as InitArg<ApiInit<'get', P>>));
        // The same call: `init` (its parseAs) is I, which TypeScript cannot follow through.
        return data as ApiData<'get', P, I>;
      } catch (error) {
        if ('notFound' in options && isNotFound(error)) return notFound as NotFound;
        throw error;
      }
    },
  });
}

/** One page of a GET list with the counts the server sends in headers (./paging). */
export function useApiPage<
  P extends ApiPath<'get'>,
  I extends ApiInit<'get', P>,
  TSelected = Page<ApiRow<P, I>>,
>(
  path: P,
  init: I,
  options: ReadOptions<Page<ApiRow<P, I>>, TSelected> = {},
): UseQueryResult<TSelected, Error> {
  const { api, role } = useApiScope();
  const { role: _role, enabled: _enabled, ...query } = options;
  return useQuery({
    ...query,
    queryKey: apiKey(path, init),
    enabled: allows(role, options),
    queryFn: () =>
      apiFetchPage<P, ApiInit<'get', P>>(
        api,
        path,
        ...([init] as InitArg<ApiInit<'get', P>>),
      ) as Promise<Page<ApiRow<P, I>>>,
  });
}

/** Shows the rows of the page before while the next one loads, so a table keeps its size. */
export const keepPreviousPage = <T>(previous: T | undefined) => previous;

/**
 * The reads a write changes: each path refreshes itself and the paths under it, whatever they sent
 * ('/subscriptions/subscriptions/' also refreshes '…/active/' and '…/{id}/cancel_preview/'). 'all'
 * is every read but the account's own (the profile, the business): an owner's write may move any
 * figure on the owner's screens.
 */
export type Refreshes = readonly ApiPath<'get'>[] | 'all';

const ACCOUNT_READS: readonly string[] = ['/accounts/profile/', '/business/'];

function refreshReads(queryClient: QueryClient, refreshes: Refreshes): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [path] }) =>
      typeof path === 'string' &&
      (refreshes === 'all'
        ? !ACCOUNT_READS.includes(path)
        : refreshes.some((read) => path.startsWith(read))),
  });
}

/** Refreshes reads after something other than a write of ./query changed them (a payment). */
export function useRefreshReads(): (refreshes: Refreshes) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((refreshes) => refreshReads(queryClient, refreshes), [queryClient]);
}

/** What a screen may add to a write: the reads it changes, and what to do once it settles. */
export interface WriteOptions<Data, Variables> extends Pick<
  UseMutationOptions<Data, Error, Variables>,
  'onSuccess' | 'onError'
> {
  readonly refreshes?: Refreshes;
}

/**
 * A write as a mutation: `write` gets the client and what the screen hands mutate(). It succeeds
 * once the reads in `refreshes` have been asked again, so a screen that closes on success shows
 * them new.
 */
export function useApiWrite<Variables, Data>(
  write: (api: ApiClient, variables: Variables) => Promise<Data>,
  { refreshes, onSuccess, onError }: WriteOptions<Data, Variables> = {},
): UseMutationResult<Data, Error, Variables> {
  const { api } = useApiScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => write(api, variables),
    onSuccess: async (...settled) => {
      if (refreshes) await refreshReads(queryClient, refreshes);
      await onSuccess?.(...settled);
    },
    ...(onError ? { onError } : {}),
  });
}

type WriteMethod = Exclude<ApiMethod, 'get'>;

/**
 * `method` `path` as a mutation. The screen hands mutate() the call's init ({ params, body }), or
 * what `init` turns into one (an id, a form's values).
 */
export function useApiMutation<
  M extends WriteMethod,
  P extends ApiPath<M>,
  Variables = ApiInit<M, P>,
>(
  method: M,
  path: P,
  {
    init,
    ...options
  }: WriteOptions<ApiData<M, P, ApiInit<M, P>>, Variables> & {
    readonly init?: (variables: Variables) => ApiInit<M, P>;
  } = {},
): UseMutationResult<ApiData<M, P, ApiInit<M, P>>, Error, Variables> {
  return useApiWrite(
    (api, variables: Variables) =>
      apiFetch(
        api,
        method,
        path,
        ...([init ? init(variables) : variables] as InitArg<ApiInit<M, P>>),
      ),
    options,
  );
}

/** `{ params: { path: { id } } }`: the init of an operation on one record, from its id. */
export const byId = (id: number) => ({ params: { path: { id } } });
