// dabba backup: a consistent copy of the server's embedded database, for the owner to keep.
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand } from './shared';

export function registerBackup(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('backup'), ctx, {
    description:
      "save a consistent copy of the server's database (the embedded SQLite file), taken while it runs",
    options: (command) =>
      command.argument(
        '<file>',
        'the file to write, or a folder to write dabba-YYYY-MM-DD.sqlite into',
      ),
    answer: async (_output, file: string) => {
      const { formatSize, saveBackup } = await import('../services/backup');
      const saved = await saveBackup(ctx.io, await ctx.api(), ctx.resolvePath(file));
      return answer(saved, () => `Backup saved: ${saved.file} (${formatSize(saved.bytes)}).\n`);
    },
  }).addHelpText(
    'after',
    `
To restore it: stop the server, copy the file to DATA_DIR/dabba.sqlite (the
server's user must own it, mode 0600), start the server; "Backup and restore"
in docs/operations.md says more. A server on PostgreSQL (DATABASE_URL) is
backed up with pg_dump.`,
  );
}
