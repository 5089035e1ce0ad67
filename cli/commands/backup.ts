// dabba backup: a consistent copy of the server's embedded database, for the owner to keep.
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption } from './shared';

export function registerBackup(program: Command, ctx: CommandContext): void {
  program
    .command('backup')
    .description(
      "save a consistent copy of the server's database (the embedded SQLite file), taken while it runs",
    )
    .argument('<file>', 'the file to write, or a folder to write dabba-YYYY-MM-DD.sqlite into')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      `
To restore it: stop the server, copy the file to DATA_DIR/dabba.sqlite (the
server's user must own it, mode 0600), start the server; "Backup and restore"
in docs/operations.md says more. A server on PostgreSQL (DATABASE_URL) is
backed up with pg_dump.`,
    )
    .action(async (file: string, options: { json?: boolean }) => {
      const { formatSize, saveBackup } = await import('../services/backup');
      const saved = await saveBackup(ctx.io, await ctx.api(), ctx.resolvePath(file));
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, saved);
      }
      ctx.io.stdout.write(`Backup saved: ${saved.file} (${formatSize(saved.bytes)}).\n`);
    });
}
