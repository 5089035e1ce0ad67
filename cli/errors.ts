// The two kinds of failure (spec: "a user error says what to do next, a bug says it is a bug") and
// the one place that turns any thrown value into a message and an exit code.
import type { CliIo } from './io';

export const EXIT = { ok: 0, refused: 1, usage: 2, auth: 3, forbidden: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Something the user can fix. `next` spells out the next step. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly next?: string,
    /** The API's stable refusal code, e.g. `leave.not_pending`. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export const usageError = (message: string, next?: string) =>
  new UserError(message, EXIT.usage, next);
export const refusedError = (message: string, next?: string, code?: string) =>
  new UserError(message, EXIT.refused, next, code);
/**
 * Refuses with every rule the flags break, one line each naming its flag (`--amount: …`), and the
 * first one's code; does nothing when they break none.
 */
export function refuseFlagProblems<Field extends string>(
  problems: readonly { readonly field: Field; readonly message: string; readonly code: string }[],
  flags: Readonly<Record<Field, string>>,
): void {
  const [first] = problems;
  if (!first) return;
  throw refusedError(
    problems.map((problem) => `${flags[problem.field]}: ${problem.message}`).join('\n'),
    undefined,
    first.code,
  );
}
/** Signed in, but this account's role may not do it: not a sign-in problem (exit 3). */
export const forbiddenError = (message: string, next: string) =>
  new UserError(message, EXIT.forbidden, next);

export const authError = (message: string, next = 'Run `dabba login` to sign in again.') =>
  new UserError(message, EXIT.auth, next);

/** Something only a fix to dabba (or to the server) can cure. */
export class BugError extends Error {
  constructor(
    message: string,
    readonly where: 'dabba' | 'server' = 'dabba',
  ) {
    super(message);
    this.name = 'BugError';
  }
}

/**
 * A change `--dry-run` stopped before it was sent: what it would have done. The run prints it and
 * exits 0; nothing reached the server.
 */
export class DryRunStop extends Error {
  constructor(readonly would: string) {
    super(would);
    this.name = 'DryRunStop';
  }
}

/** Already reported to the user (e.g. a bulk action printed its own per-item results). */
export class ReportedFailure extends Error {
  constructor(readonly exitCode: ExitCode) {
    super(`exit ${exitCode}`);
    this.name = 'ReportedFailure';
  }
}

const SERVER_BUG =
  'This is a bug in the Dabba server; its log has the details. Please report it with the time it happened.';
const BUG_REPORT =
  'This is a bug in dabba. Please report it with the command you ran and this output.';

export function reportError(
  error: unknown,
  io: Pick<CliIo, 'stdout' | 'stderr' | 'env'>,
): ExitCode {
  if (error instanceof ReportedFailure) return error.exitCode;
  if (error instanceof DryRunStop) {
    io.stdout.write(`${error.would}\n`);
    return EXIT.ok;
  }
  if (error instanceof UserError) {
    io.stderr.write(`Error: ${error.message}\n`);
    if (error.next) io.stderr.write(`${error.next}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  const report = error instanceof BugError && error.where === 'server' ? SERVER_BUG : BUG_REPORT;
  io.stderr.write(`Bug: ${message}\n${report}\n`);
  if (io.env.DABBA_DEBUG && error instanceof Error && error.stack) {
    io.stderr.write(`${error.stack}\n`);
  }
  return EXIT.refused;
}

/** One line for a failure shown inside the dashboard, with the same two kinds as reportError. */
export function describeFailure(error: unknown): string {
  if (error instanceof UserError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const where =
    error instanceof BugError && error.where === 'server' ? 'the Dabba server' : 'dabba';
  return `Bug: ${message} This is a bug in ${where}; please report it.`;
}
