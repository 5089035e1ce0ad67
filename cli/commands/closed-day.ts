// dabba closed list | add | remove: the days (or meals) the kitchen is closed. Closing one moves
// every subscriber who loses the day one day later, once; removing it before its first cutoff
// moves exactly those back (docs/rules/closed-day.md).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { isoDate, jsonOption, mealName, positiveInt } from './shared';

export function registerClosed(program: Command, ctx: CommandContext): void {
  const closed = program
    .command('closed')
    .description('days or meals the kitchen is closed (festivals, water cuts)');

  closed
    .command('list', { isDefault: true })
    .description('every closed day, the latest first, with how many subscriptions each moved')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { listClosedDays } = await import('../services/closed-day');
      const rows = await listClosedDays(await ctx.api());
      const { printJson, printTable } = await import('../output');
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'DATE', value: (row) => row.date },
          { header: 'MEAL', value: (row) => row.meal ?? 'whole day' },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'MOVED', value: (row) => row.extended, right: true },
          { header: 'BACK', value: (row) => row.reversed, right: true },
          { header: 'REMOVABLE', value: (row) => (row.removable ? 'yes' : 'no') },
          { header: 'REASON', value: (row) => row.reason },
        ],
        'No closed days.',
      );
    });

  closed
    .command('add')
    .description('close a date (every meal, or --meal) and give each subscriber who loses it a day')
    .requiredOption('--date <YYYY-MM-DD>', 'the date the kitchen is closed', isoDate)
    .option('--meal <meal>', 'only this meal (breakfast, lunch or dinner)', mealName)
    .requiredOption('--reason <text>', 'why; the customers are told')
    .addOption(jsonOption())
    .action(async (options: { date: string; meal?: string; reason: string; json?: boolean }) => {
      const { closeDay, describeClosedDay } = await import('../services/closed-day');
      const closure = await closeDay(await ctx.api(), {
        date: options.date,
        meal: (options.meal as 'breakfast' | 'lunch' | 'dinner' | undefined) ?? null,
        reason: options.reason,
      });
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, closure);
      }
      ctx.io.stdout.write(describeClosedDay(closure));
    });

  closed
    .command('remove')
    .description('open a closed day again, before its first cutoff, moving its subscriptions back')
    .argument('<id>', 'the closed day', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { describeClosedDay, removeClosedDay } = await import('../services/closed-day');
      const closure = await removeClosedDay(await ctx.api(), id);
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, closure);
      }
      ctx.io.stdout.write(describeClosedDay(closure));
    });
}
