// API failures as one error class; which sentence to show is machines/shared/error-sentence's rule.
import {
  EffectError,
  type ErrorBody,
  errorSentence,
  failureFromStatus,
  fieldMessages,
} from '@machines/shared';
import type { ToastInput } from '@web/components/toast';
import type { useForm } from '@web/lib/useForm';

/** A non-2xx answer (status 0 when there was no answer at all). */
export class ApiError extends EffectError {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** A 429's Retry-After, in seconds (null without one). */
  readonly retryAfterSeconds: number | null;
  constructor(
    status: number,
    body: ErrorBody | null,
    fallback?: string,
    retryAfterSeconds: number | null = null,
  ) {
    super(failureFromStatus(status), errorSentence(body) ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as whole seconds; the server always sends seconds, never an HTTP date. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Per-field messages keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    fieldMessages(error.body).map(([field, messages]) => [field, messages[0]]),
  );
}

/**
 * The server's per-field messages for a refused submission, for the fields that still hold the value
 * that was sent: once the user edits a field, the complaint about its old value goes away.
 */
export function sentFieldErrors<T extends Record<string, string>>(
  error: unknown,
  sent: T | undefined,
  current: T,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fieldErrors(error))) {
    if (!sent || !(name in current) || sent[name] === current[name]) out[name] = message;
  }
  return out;
}

/** The sentence to show for `error`, else `fallback` (the server's sentence wins). */
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
    throw new ApiError(result.response.status, body, undefined, retryAfterOf(result.response));
  }
  return { data: result.data as T, response: result.response };
}

export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  return (await unwrapResponse(call)).data;
}

/** The toast of a request that failed: `title`, and the server's sentence, else `fallback`. */
export const failureToast = (error: unknown, title: string, fallback: string): ToastInput => ({
  tone: 'error',
  title,
  message: errorMessage(error, fallback),
});

/**
 * `form`'s field props with the server's complaints added: the form's own complaint first, then
 * what the server said of the field (by the server's name for it, `serverName`) while the field
 * still holds what was sent.
 */
export function withServerErrors<T extends Record<string, string>>(
  form: ReturnType<typeof useForm<T>>,
  error: unknown,
  sent: T | undefined,
  serverName: (name: keyof T) => string = String,
) {
  const server = sentFieldErrors(error, sent, form.values);
  const fieldProps = (name: keyof T) => {
    const { error: own, ...props } = form.field(name);
    return { ...props, error: own ?? server[serverName(name)] ?? null };
  };
  return { server, fieldProps };
}
