// What the commands share: flag parsers and checks (a parse failure is a usage error, exit 2), and
// answerCommand, the shape of a command that answers one value (JSON with --json, else text).
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import type * as OutputModule from '../output';
import type { Column, Fields } from '../output';
import type { Api } from '../services/api';
import type { DecisionTarget } from '../services/decisions';
import type { AnyStateMachine } from 'xstate';
import { isMeal, type Meal } from '@machines/settings';
import { INSTITUTE_OPTIONS, YEAR_OPTIONS } from '@machines/onboarding';
import { usageError } from '../errors';

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError('Expected a positive whole number.');
  }
  return Number(value);
}

/** A whole number from 0 to 60 (a number of days ahead). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 60) {
    throw new InvalidArgumentError('Expected a whole number of days from 0 to 60.');
  }
  return Number(value);
}

export function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError('Expected a date as YYYY-MM-DD.');
  }
  return value;
}

export function mealName(value: string): Meal {
  if (!isMeal(value)) throw new InvalidArgumentError('Expected breakfast, lunch or dinner.');
  return value;
}

export function money(value: string): number {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount) || amount < 0) {
    throw new InvalidArgumentError('Expected an amount in rupees, e.g. 2500 or 1800.50.');
  }
  return amount;
}

/** IDs from the command line, or --all-pending, never both and never neither. */
function idsOrAllPending(
  ids: readonly string[],
  allPending: boolean | undefined,
  noun: string,
): number[] | 'all-pending' {
  if (allPending && ids.length > 0) {
    throw usageError(`Give ${noun} ids or --all-pending, not both.`);
  }
  if (allPending) return 'all-pending';
  if (ids.length === 0) {
    throw usageError(`Which ${noun}s? Give one or more ids, or --all-pending.`);
  }
  return ids.map((id) => {
    try {
      return positiveInt(id);
    } catch {
      throw usageError(`"${id}" is not a ${noun} id.`, 'Ids are positive whole numbers.');
    }
  });
}

export const jsonOption = () => new Option('--json', 'print JSON for scripts');
export const dryRunOption = () => new Option('--dry-run', 'show what would change, change nothing');
/** --status of a list: one of the lifecycle's statuses. */
export const statusOption = (statuses: readonly string[]) =>
  new Option('--status <status>', 'only this status').choices(statuses);
/** The language of an account the owner makes: its SMS and every message after (default: the mess's). */
export const languageOption = () =>
  new Option(
    '--language <language>',
    'their language for SMS and messages (default: the mess’s)',
  ).choices(['en', 'hi'] as const);

/**
 * Where a customer's tiffin goes: a regular customer's address, a student's details (`dabba
 * walk-in`, `dabba users edit`). `help` words those that each command says its own way.
 */
export const profileOptions = (
  command: Command,
  help: { address: string; landmark: string; pincode: string; city: string; hostel: string },
): Command =>
  command
    .option('--address <text>', help.address)
    .option('--landmark <text>', help.landmark)
    .option('--pincode <digits>', help.pincode)
    .option('--city <text>', help.city)
    .addOption(new Option('--institute <name>', "a student's institute").choices(INSTITUTE_OPTIONS))
    .option('--student-id <id>', "a student's id")
    .option('--hostel <text>', help.hostel)
    .addOption(new Option('--year <year>', 'year of study').choices(YEAR_OPTIONS))
    .option('--course <text>', "a student's course");

/** What a subscription owes, or --amount of it: the options of `dabba links create` and `dabba qr create`. */
export const owedOptions = (command: Command): Command =>
  command
    .requiredOption('--subscription <id>', 'the subscription', positiveInt)
    .option('--amount <rupees>', 'part of what is due; all of it when left out', money);

/** What owedOptions give, as the API takes it. */
export const owed = ({ subscription, amount }: { subscription: number; amount?: number }) => ({
  subscription,
  ...(amount === undefined ? {} : { amount }),
});

/**
 * Where --csv goes ("-": stdout, else a file named from where dabba runs) and the CSV `write` makes
 * there; on stdout, as text that keeps the byte-order mark Excel needs. Answers the file written,
 * or undefined for stdout.
 */
export async function csvTo(
  ctx: CommandContext,
  csvOption: string,
  write: (file: string) => Promise<Uint8Array>,
): Promise<string | undefined> {
  const file = csvOption === '-' ? '-' : ctx.resolvePath(csvOption);
  const csv = await write(file);
  if (file !== '-') return file;
  ctx.io.stdout.write(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv));
  return undefined;
}

/** The output module, loaded when a command runs (so --help loads none of it). */
export type Output = typeof OutputModule;

/**
 * What a command answers: `json` for --json, else the text people read. A command that prints its
 * own way (a CSV, a bulk decision) answers nothing.
 */
export interface Answer {
  readonly json: unknown;
  text(output: Output): string | Promise<string>;
}

/** `value` as JSON, or as `text` writes it for people (asking the API more only for that). */
export const answer = <Value>(
  value: Value,
  text: (value: Value, output: Output) => string | Promise<string>,
): Answer => ({ json: value, text: (output) => text(value, output) });

/** Rows as a table (`empty` when there are none), or as JSON. */
export const listing = <Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  empty: string,
): Answer => answer(rows, (shown, { tableOr }) => tableOr(shown, columns, empty));

/** One record as `label: value` lines, or as JSON. */
export const fields = (value: unknown, list: Fields): Answer =>
  answer(value, (_shown, { formatFields }) => formatFields(list));

/** What a command states of its own; answerCommand adds the rest. */
interface CommandSpec<Args extends unknown[]> {
  readonly description: string;
  /** The help of its one argument, `<id>`, a positive whole number (a record's id). */
  readonly id?: string;
  /** Its options, in the order its help lists them; --json comes after them. */
  readonly options?: (command: Command) => Command;
  /**
   * What it answers, from the output module, its arguments and its options as commander passes
   * them. It loads its service when it runs, so --help loads no HTTP code.
   */
  readonly answer: (output: Output, ...args: Args) => Promise<Answer | undefined>;
}

/**
 * A command that answers one value: JSON with --json, else its text (a table, a record's fields, a
 * sentence). `command` is new, named as the caller wants it (`list`, a default, a top-level word).
 */
export function answerCommand<Args extends unknown[]>(
  command: Command,
  ctx: CommandContext,
  spec: CommandSpec<Args>,
): Command {
  command.description(spec.description);
  if (spec.id !== undefined) command.argument('<id>', spec.id, positiveInt);
  return (spec.options?.(command) ?? command)
    .addOption(jsonOption())
    .action(async (...args: unknown[]) => {
      const output = await import('../output');
      const answered = await spec.answer(output, ...(args.slice(0, -1) as Args));
      if (!answered) return;
      if (command.opts<{ json?: boolean }>().json) output.printJson(ctx.io.stdout, answered.json);
      else ctx.io.stdout.write(await answered.text(output));
    });
}

/**
 * One decision (approve, reject, mark paid) on several records of a lifecycle, by id or
 * --all-pending, with the comment the customer sees; --all-pending asks first unless --yes.
 */
export function decisionCommand<
  Flags extends { comment: string },
  TRecord extends { id: number; status: string },
  TMachine extends AnyStateMachine,
>(
  command: Command,
  ctx: CommandContext,
  spec: {
    readonly description: string;
    /** "leave request", "refund". */
    readonly noun: string;
    /** What --all-pending takes: "every pending refund". */
    readonly pending: string;
    /** The decision, from the lifecycle's service (loaded when the command runs). */
    readonly target: (api: Api, flags: Flags) => Promise<DecisionTarget<TRecord, TMachine>>;
  },
): Command {
  return command
    .description(spec.description)
    .argument('[ids...]', `${spec.noun} ids`)
    .requiredOption('--comment <text>', 'the admin comment the customer sees (required)')
    .option('--all-pending', `${spec.pending} (asks first unless --yes)`)
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (
        ids: string[],
        flags: Flags & { allPending?: boolean; yes?: boolean; dryRun?: boolean; json?: boolean },
      ) => {
        const targets = idsOrAllPending(ids, flags.allPending, spec.noun);
        const { runDecisions } = await import('../services/decisions');
        await runDecisions(ctx.io, await spec.target(await ctx.api(), flags), {
          ids: targets,
          dryRun: flags.dryRun === true,
          yes: flags.yes === true,
          json: flags.json === true,
        });
      },
    );
}
