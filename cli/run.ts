// The CLI as a function: parse argv, run one command, report any failure in one place, return the
// exit code. main.tsx calls it with the real process; tests call it with captured streams.
import { CommanderError, type Command } from 'commander';
import { createContext } from './context';
import { EXIT, reportError, type ExitCode } from './errors';
import { processIo, type CliIo } from './io';
import { buildProgram } from './program';

/** Commander's own exits that are not failures. */
const COMMANDER_SUCCESS = new Set([
  'commander.helpDisplayed',
  'commander.version',
  'commander.help',
]);

export async function run(
  argv: readonly string[],
  overrides: Partial<CliIo> = {},
): Promise<number> {
  const io: CliIo = { ...processIo(), ...overrides };
  const ctx = createContext(io);
  const program = buildProgram(ctx);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError)
      return commanderExit(error, io, commandPath(program, argv));
    return reportError(error, io);
  } finally {
    ctx.close();
  }
}

/** The command words of argv (`leaves approve`), skipping options and their values. */
function commandPath(program: Command, argv: readonly string[]): string[] {
  const words: string[] = [];
  let command: Command | undefined = program;
  for (const arg of argv) {
    const next: Command | undefined = command?.commands.find(
      (candidate) => candidate.name() === arg || candidate.aliases().includes(arg),
    );
    if (!next) continue;
    words.push(arg);
    command = next;
  }
  return words;
}

function commanderExit(error: CommanderError, io: CliIo, words: readonly string[]): ExitCode {
  // `dabba leaves` without a subcommand prints help as an error: that is a usage error too.
  if (error.code === 'commander.help' && error.exitCode !== 0) return EXIT.usage;
  if (COMMANDER_SUCCESS.has(error.code)) return EXIT.ok;
  // Commander has printed what is wrong; add the next step.
  io.stderr.write(`Run \`dabba ${[...words, '--help'].join(' ')}\` to see the usage.\n`);
  return EXIT.usage;
}
