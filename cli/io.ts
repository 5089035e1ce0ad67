// What the CLI talks to: streams, environment and clock, injectable so tests run it in-process.
import type { Readable } from 'node:stream';

export interface OutStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface CliIo {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  /** Whether a person is at the keyboard: prompts and the dashboard need it. */
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory relative file arguments are resolved against. */
  readonly cwd: string;
  readonly fetch: typeof globalThis.fetch;
  readonly now: () => Date;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    isTTY: process.stdin.isTTY === true && process.stdout.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    fetch: globalThis.fetch,
    now: () => new Date(),
  };
}
