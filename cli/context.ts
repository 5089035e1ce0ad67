// What every command gets: the I/O and a lazily opened API session (so --help loads no HTTP code).
import type { CliIo } from './io';
import type { Api } from './services/api';

export interface CommandContext {
  readonly io: CliIo;
  /** The signed-in API client; throws exit 3 without a usable session. */
  api(): Promise<Api>;
  /**
   * Set from the running command's --dry-run (every command takes it): the API client then sends
   * reads and stops at the first change, saying what it would have done (cli/services/api.ts).
   */
  dryRun: boolean;
  /** Resolves a file argument against the caller's working directory. */
  resolvePath(file: string): string;
  close(): void;
}

export function createContext(io: CliIo): CommandContext {
  let opened: Promise<Api> | undefined;
  const ctx: CommandContext = {
    io,
    dryRun: false,
    api() {
      opened ??= import('./services/api').then(({ connect }) =>
        connect(io, { dryRun: () => ctx.dryRun }),
      );
      return opened;
    },
    resolvePath(file) {
      return file.startsWith('/') ? file : `${io.cwd.replace(/\/+$/, '')}/${file}`;
    },
    close() {
      void opened?.then((api) => api.close()).catch(() => {});
    },
  };
  return ctx;
}
