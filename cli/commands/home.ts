// dabba dashboard: the owner's home (revenue, subscribers, work waiting, tomorrow's meals, 30 days).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption } from './shared';

export function registerHome(program: Command, ctx: CommandContext): void {
  program
    .command('dashboard')
    .description("the business today: revenue, subscribers, work waiting, tomorrow's meals")
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { ownerSummary } = await import('../services/owner');
      const { printJson } = await import('../output');
      const summary = await ownerSummary(await ctx.api());
      if (options.json) return printJson(ctx.io.stdout, summary);
      const { renderOwnerSummary } = await import('../home-report');
      ctx.io.stdout.write(renderOwnerSummary(summary));
    });
}
