// dabba dashboard: the owner's home (revenue, subscribers, work waiting, tomorrow's meals, 30 days).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand } from './shared';

export function registerHome(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('dashboard'), ctx, {
    description: "the business today: revenue, subscribers, work waiting, tomorrow's meals",
    answer: async () => {
      const { ownerSummary } = await import('../services/owner');
      const { renderOwnerSummary } = await import('../home-report');
      return answer(await ownerSummary(await ctx.api()), renderOwnerSummary);
    },
  });
}
