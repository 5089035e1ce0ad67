// API failures as one error class, and the spec §8 rule for which sentence to show.
import type { components } from '../../generated/api';
import { EffectError, failureFromStatus } from '../../machines/shared/failure';

export type ErrorBody = components['schemas']['ErrorBody'];

/** A non-2xx answer (status 0 when there was no answer at all). */
export class ApiError extends EffectError {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, body: ErrorBody | null, fallback?: string) {
    super(failureFromStatus(status), serverMessage(body) ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function firstFieldMessage(body: ErrorBody): string | null {
  for (const [key, value] of Object.entries(body)) {
    if (['detail', 'message', 'non_field_errors', 'code'].includes(key)) continue;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return null;
}

/** The server's sentence: non_field_errors[0], detail, message, then the first field error. */
export function serverMessage(body: ErrorBody | null | undefined): string | null {
  if (!body || typeof body !== 'object') return null;
  const nonField = Array.isArray(body.non_field_errors) ? body.non_field_errors[0] : undefined;
  if (typeof nonField === 'string' && nonField) return nonField;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  if (typeof body.message === 'string' && body.message) return body.message;
  return firstFieldMessage(body);
}

/** Per-field messages keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.body)) {
    if (['detail', 'message', 'non_field_errors', 'code'].includes(key)) continue;
    if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
  }
  return out;
}

/** The sentence to show for `error`, else `fallback` (spec §8: the server's detail wins). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.message && error.message !== error.failure ? error.message : fallback;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Turns an openapi-fetch result into its data or a thrown ApiError. */
type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and throws an ApiError for a network failure or a non-2xx answer;
 * returns the data with the response, for callers that read headers too.
 */
export async function unwrapResponse<T>(
  call: Promise<FetchResult<T>>,
): Promise<{ data: T; response: Response }> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, null);
  }
  if (!result.response.ok) {
    const body = (
      result.error && typeof result.error === 'object' ? result.error : null
    ) as ErrorBody | null;
    throw new ApiError(result.response.status, body);
  }
  return { data: result.data as T, response: result.response };
}

export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  return (await unwrapResponse(call)).data;
}
