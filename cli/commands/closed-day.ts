// dabba closed list | add | remove: the days (or meals) the kitchen is closed. Closing one moves
// every subscriber who loses the day one day later, once; removing it before its first cutoff
// moves exactly those back (docs/rules/closed-day.md). `dabba closed rule` repeats a closure every
// week (cli/commands/closure-rule.ts).
import type { Command } from 'commander';
import type { Meal } from '@machines/settings';
import type { CommandContext } from '../context';
import { registerClosureRules } from './closure-rule';
import { answer, answerCommand, isoDate, listing, mealName } from './shared';

export function registerClosed(program: Command, ctx: CommandContext): void {
  const closed = program
    .command('closed')
    .description('days or meals the kitchen is closed (festivals, water cuts)');

  answerCommand(closed.command('list', { isDefault: true }), ctx, {
    description: 'every closed day, the latest first, with how many subscriptions each moved',
    answer: async () => {
      const { listClosedDays } = await import('../services/closed-day');
      return listing(
        await listClosedDays(await ctx.api()),
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'DATE', value: (row) => row.date },
          { header: 'MEAL', value: (row) => row.meal ?? 'whole day' },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'MOVED', value: (row) => row.extended, right: true },
          { header: 'BACK', value: (row) => row.reversed, right: true },
          { header: 'REMOVABLE', value: (row) => (row.removable ? 'yes' : 'no') },
          { header: 'RULE', value: (row) => row.rule ?? '', right: true },
          { header: 'REASON', value: (row) => row.reason },
        ],
        'No closed days.',
      );
    },
  });

  answerCommand(closed.command('add'), ctx, {
    description: 'close a date (every meal, or --meal) and give each subscriber who loses it a day',
    options: (command) =>
      command
        .requiredOption('--date <YYYY-MM-DD>', 'the date the kitchen is closed', isoDate)
        .option('--meal <meal>', 'only this meal (breakfast, lunch or dinner)', mealName)
        .requiredOption('--reason <text>', 'why; the customers are told'),
    answer: async (
      _output,
      { date, meal, reason }: { date: string; meal?: Meal; reason: string },
    ) => {
      const { closeDay, describeClosedDay } = await import('../services/closed-day');
      const closure = await closeDay(await ctx.api(), { date, meal: meal ?? null, reason });
      return answer(closure, describeClosedDay);
    },
  });

  answerCommand(closed.command('remove'), ctx, {
    description: 'open a closed day again, before its first cutoff, moving its subscriptions back',
    id: 'the closed day',
    answer: async (_output, id: number) => {
      const { describeClosedDay, removeClosedDay } = await import('../services/closed-day');
      return answer(await removeClosedDay(await ctx.api(), id), describeClosedDay);
    },
  });

  registerClosureRules(closed, ctx);
}
