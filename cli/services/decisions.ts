// Approve, reject and mark-paid for several records at once: --all-pending, --dry-run and per-record
// results. The lifecycle machines decide what a dry run would do, with the API's own refusal texts.
import type { AnyStateMachine, EventFromLogic } from 'xstate';
import { decide, isNonBlank, type Persisted, type Refusal } from '@machines/shared';
import { EXIT, refusedError, ReportedFailure, UserError } from '../errors';
import type { CliIo } from '../io';
import { confirm, requireTerminal } from '../prompt';
import { printJson } from '../output';

interface DecisionResult<TRecord> {
  readonly id: number;
  readonly ok: boolean;
  /** The status after the action (or that it would have after a dry run). */
  readonly status?: string;
  readonly dry_run?: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly record?: TRecord;
}

/** A record a decision is on: its id, and its status as the API names it. */
interface Decided {
  readonly id: number;
  readonly status: string;
}

export interface DecisionTarget<TRecord extends Decided, TMachine extends AnyStateMachine> {
  /** "leave request", "refund". */
  readonly noun: string;
  /** "approve", "reject", "mark paid". */
  readonly verb: string;
  /** "Approved", "Rejected", "Marked paid". */
  readonly done: string;
  readonly machine: TMachine;
  readonly event: EventFromLogic<TMachine>;
  /** The admin comment every decision carries, and the machine's refusal when it is blank. */
  readonly comment: string;
  readonly commentRequired: Refusal;
  fetchOne(id: number): Promise<TRecord>;
  fetchPending(): Promise<TRecord[]>;
  persisted(record: TRecord): Persisted<TMachine>;
  act(id: number): Promise<TRecord>;
  describe(record: TRecord): string;
}

export interface DecisionOptions {
  readonly ids: readonly number[] | 'all-pending';
  readonly dryRun: boolean;
  readonly yes: boolean;
  readonly json: boolean;
}

async function decideOne<TRecord extends Decided, TMachine extends AnyStateMachine>(
  target: DecisionTarget<TRecord, TMachine>,
  id: number,
  known: TRecord | undefined,
  dryRun: boolean,
): Promise<DecisionResult<TRecord>> {
  try {
    if (dryRun) {
      const record = known ?? (await target.fetchOne(id));
      const decision = decide(target.machine, target.persisted(record), target.event);
      if (!decision.ok)
        return { id, ok: false, code: decision.code, message: decision.message, record };
      return { id, ok: true, dry_run: true, status: String(decision.next), record };
    }
    const record = await target.act(id);
    return { id, ok: true, status: record.status, record };
  } catch (error) {
    // Only refusals and missing records are per-record results; session and network problems stop the run.
    if (error instanceof UserError && error.exitCode === EXIT.refused && error.next === undefined) {
      return { id, ok: false, ...(error.code ? { code: error.code } : {}), message: error.message };
    }
    throw error;
  }
}

export async function runDecisions<TRecord extends Decided, TMachine extends AnyStateMachine>(
  io: CliIo,
  target: DecisionTarget<TRecord, TMachine>,
  options: DecisionOptions,
): Promise<void> {
  if (!isNonBlank(target.comment)) {
    // The same guard refuses every record, so say it once, before asking the server anything.
    throw refusedError(
      target.commentRequired.message,
      'Pass --comment with the text the customer will see.',
      target.commentRequired.code,
    );
  }
  let ids: number[];
  let known = new Map<number, TRecord>();
  const mustConfirm = options.ids === 'all-pending' && !options.dryRun && !options.yes;
  // Checked before anything is fetched, so a script learns it needs --yes even on a quiet day.
  if (mustConfirm) requireTerminal(io, 'Confirming', 'Pass --yes to go ahead without a question.');
  if (options.ids === 'all-pending') {
    const pending = await target.fetchPending();
    known = new Map(pending.map((record) => [record.id, record]));
    ids = [...known.keys()];
    if (ids.length === 0) {
      if (options.json) printJson(io.stdout, []);
      else io.stdout.write(`No ${target.noun}s are waiting for a decision.\n`);
      return;
    }
    if (mustConfirm) {
      const question = `${capitalize(target.verb)} ${ids.length} ${target.noun}${ids.length === 1 ? '' : 's'}?`;
      if (!(await confirm(io, question))) {
        io.stderr.write('Nothing was changed.\n');
        return;
      }
    }
  } else {
    ids = [...options.ids];
  }
  const results: DecisionResult<TRecord>[] = [];
  for (const id of ids) {
    // One at a time: the owner's decisions are few, and the order of the output should be the input's.
    results.push(await decideOne(target, id, known.get(id), options.dryRun));
  }
  if (options.json) {
    printJson(io.stdout, results);
  } else {
    for (const result of results) {
      const what = result.record ? target.describe(result.record) : `${target.noun} #${result.id}`;
      if (!result.ok) io.stderr.write(`Refused: ${what}: ${result.message}\n`);
      else if (result.dry_run) io.stdout.write(`Would ${target.verb} ${what} → ${result.status}\n`);
      else io.stdout.write(`${target.done} ${what}.\n`);
    }
  }
  if (results.some((result) => !result.ok)) throw new ReportedFailure(EXIT.refused);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
