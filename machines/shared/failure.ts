// The closed set of reasons an effect can fail, shared by every machine's onError.

export const FAILURES = ['session-expired', 'network', 'refused', 'unexpected'] as const;

/**
 * - `session-expired`: the server answered 401 even after the one refresh.
 * - `network`: no answer (offline, DNS, timeout).
 * - `refused`: the server understood and said no (4xx other than 401).
 * - `unexpected`: anything else (5xx, a bug).
 */
export type Failure = (typeof FAILURES)[number];

/** What a machine keeps about a failed effect: the kind, plus the server's sentence when it gave one. */
export interface MachineError {
  readonly failure: Failure;
  readonly message: string | null;
}

/** Hosts throw this from actors so the machine can tell a refusal from a network error. */
export class EffectError extends Error {
  readonly failure: Failure;
  constructor(failure: Failure, message?: string) {
    super(message ?? failure);
    this.name = 'EffectError';
    this.failure = failure;
  }
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'string' && (FAILURES as readonly string[]).includes(value);
}

/** Maps an HTTP status (0 or undefined when there was no answer) to a failure. */
export function failureFromStatus(status: number | undefined): Failure {
  if (status === undefined || status === 0) return 'network';
  if (status === 401) return 'session-expired';
  if (status === 408) return 'network';
  if (status >= 400 && status < 500) return 'refused';
  return 'unexpected';
}

/**
 * Turns whatever an actor rejected with into a MachineError.
 * Objects carrying a `failure` field (EffectError or a plain object) keep it; a `TypeError` is
 * what fetch throws when the network is down; an `AbortError`/`TimeoutError` is a timeout.
 */
export function toMachineError(error: unknown): MachineError {
  if (typeof error === 'object' && error !== null) {
    const record = error as { failure?: unknown; message?: unknown; name?: unknown };
    const message =
      typeof record.message === 'string' && record.message.length > 0 ? record.message : null;
    if (isFailure(record.failure)) {
      return { failure: record.failure, message: message === record.failure ? null : message };
    }
    if (
      record.name === 'TypeError' ||
      record.name === 'AbortError' ||
      record.name === 'TimeoutError'
    ) {
      return { failure: 'network', message: null };
    }
    return { failure: 'unexpected', message };
  }
  return { failure: 'unexpected', message: null };
}

/** Just the failure kind of `error`. */
export function toFailure(error: unknown): Failure {
  return toMachineError(error).failure;
}
