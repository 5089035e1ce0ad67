// Line prompts for login and confirmations. They only ever run with a terminal: without one they
// fail with a usage error that names the flag to pass instead.
import { usageError } from './errors';
import type { CliIo } from './io';

interface Question {
  readonly text: string;
  readonly hidden?: boolean;
}

/** Asks the questions in turn on one reader, so lines typed ahead are not lost between them. */
async function ask(io: CliIo, questions: readonly Question[]): Promise<string[]> {
  const { createInterface } = await import('node:readline');
  const { Writable } = await import('node:stream');
  let muted = false;
  // Prompts go to stderr so stdout stays clean for --json. Muting hides a password's echo.
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) io.stderr.write(chunk.toString());
      done();
    },
  });
  // On a real terminal readline takes raw mode and does the echo itself (through `output`).
  const reader = createInterface({ input: io.stdin, output, terminal: io.stdin.isTTY === true });
  const typedAhead: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let closed = false;
  reader.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else typedAhead.push(line);
  });
  reader.on('close', () => {
    closed = true;
    for (const next of waiting.splice(0)) next(null);
  });
  const answers: string[] = [];
  try {
    for (const question of questions) {
      muted = false;
      reader.setPrompt(question.text);
      reader.prompt();
      muted = question.hidden === true;
      const line =
        typedAhead.shift() ??
        (closed ? null : await new Promise<string | null>((resolve) => waiting.push(resolve)));
      muted = false;
      if (question.hidden) io.stderr.write('\n');
      if (line === null) throw usageError('The input ended before the question was answered.');
      answers.push(line);
    }
  } finally {
    reader.close();
  }
  return answers;
}

export function requireTerminal(io: CliIo, what: string, instead: string): void {
  if (!io.isTTY) throw usageError(`${what} needs a terminal, and this is not one.`, instead);
}

/** Asks for what `login` still needs: the username (unless given) and the password, hidden. */
export async function askCredentials(
  io: CliIo,
  username: string | undefined,
  instead: string,
): Promise<{ username: string; password: string }> {
  requireTerminal(io, 'Asking for the password', instead);
  const questions: Question[] = [
    ...(username === undefined ? [{ text: 'Username or e-mail: ' }] : []),
    { text: 'Password: ', hidden: true },
  ];
  const answers = await ask(io, questions);
  return {
    username: username ?? (answers[0] ?? '').trim(),
    password: answers[answers.length - 1] ?? '',
  };
}

/** Asks for the code texted for `dabba login --phone`. */
export async function askCode(io: CliIo, instead: string): Promise<string> {
  requireTerminal(io, 'Asking for the code from the SMS', instead);
  const [code = ''] = await ask(io, [{ text: 'Code from the SMS: ' }]);
  return code.trim();
}

export async function confirm(io: CliIo, question: string): Promise<boolean> {
  requireTerminal(io, 'Confirming', 'Pass --yes to go ahead without a question.');
  const [answer = ''] = await ask(io, [{ text: `${question} [y/N] ` }]);
  const normalized = answer.trim().toLowerCase();
  return normalized === 'y' || normalized === 'yes';
}

/** Everything piped into stdin, e.g. a password for `dabba login --password-stdin`. */
export async function readAll(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
