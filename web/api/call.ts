// One call of the contract, named by its method and path as openapi.yaml writes them and typed from
// generated/api.d.ts through openapi-fetch: apiFetch(api, 'post', '/accounts/login/', { body }).
// The reads and writes of ./query are built on it; machine actors, outside React, call it directly.
import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from '@generated/api';
import type { ApiClient } from './client';
import { unwrap } from './errors';
import { unwrapPage, type Page } from './paging';

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`, as the contract writes them ('/subscriptions/leaves/{id}/'). */
export type ApiPath<M extends ApiMethod> = ClientPathsWithMethod<ApiClient, M>;

/** What a call sends: path and query parameters and body, and openapi-fetch's parseAs and signal. */
export type ApiInit<M extends ApiMethod, P extends ApiPath<M>> = MaybeOptionalInit<paths[P], M>;

/** A successful call's body, as `init`'s parseAs reads it (JSON unless it says otherwise). */
export type ApiData<
  M extends ApiMethod,
  P extends ApiPath<M>,
  I = undefined,
> = paths[P][M] extends infer Operation extends Record<string, unknown>
  ? Success<FetchResponse<Operation, I, `${string}/${string}`>>
  : never;
type Success<R> = R extends { error?: never; data: infer D } ? D : never;

/** A list's row type. */
export type ApiRow<P extends ApiPath<'get'>, I = undefined> =
  ApiData<'get', P, I> extends readonly (infer Row)[] ? Row : never;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** `init` may be left out when the operation needs no parameter and no body. */
export type InitArg<I> = [RequiredKeys<NonNullable<I>>] extends [never] ? [init?: I] : [init: I];

type Call = (
  path: string,
  init?: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The raw openapi-fetch answer of one call (data or error, and the response). */
function send(api: ApiClient, method: ApiMethod, path: string, init: object | undefined) {
  // openapi-fetch types each method on its own; at run time they are one and the same call.
  const call = api[method.toUpperCase() as Uppercase<ApiMethod>] as unknown as Call;
  return call(path, init);
}

/** Calls one operation: its body, or a thrown ApiError (a non-2xx answer, or none at all). */
export function apiFetch<M extends ApiMethod, P extends ApiPath<M>, I extends ApiInit<M, P>>(
  api: ApiClient,
  method: M,
  path: P,
  ...[init]: InitArg<I>
): Promise<ApiData<M, P, I>> {
  return unwrap(send(api, method, path, init as object | undefined)) as Promise<ApiData<M, P, I>>;
}

/** One page of a list, with the counts the server sends in headers (./paging). */
export function apiFetchPage<P extends ApiPath<'get'>, I extends ApiInit<'get', P>>(
  api: ApiClient,
  path: P,
  ...[init]: InitArg<I>
): Promise<Page<ApiRow<P, I>>> {
  return unwrapPage(
    send(api, 'get', path, init as object | undefined) as Promise<{
      data?: ApiRow<P, I>[];
      error?: unknown;
      response: Response;
    }>,
  );
}

/** A read's cache key: its path as the contract writes it, then what it sends. */
export type ApiKey = readonly [path: string, init?: unknown];

export function apiKey<P extends ApiPath<'get'>>(path: P, init?: ApiInit<'get', P>): ApiKey {
  return init === undefined ? [path] : [path, init];
}
