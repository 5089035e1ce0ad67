// dabba closed rule list | add | withdraw: the kitchen's weekly closures ("every Sunday dinner").
// The server closes each date of a rule as it comes within two weeks, as a closed day of its own
// (`dabba closed list` shows them); withdrawing a rule opens again the dates not locked yet,
// moving exactly those subscriptions back (docs/rules/closed-day.md).
import { InvalidArgumentError, type Command } from 'commander';
import { WEEKDAYS, type Weekday } from '@machines/menu';
import type { Meal } from '@machines/settings';
import type { CommandContext } from '../context';
import { answer, answerCommand, isoDate, listing, mealName } from './shared';

/** A weekday by name or its first three letters ("sunday", "Sun"), or a comma list of them. */
function weekdays(value: string, previous: Weekday[] = []): Weekday[] {
  const named = value.split(',').map((part) => {
    const word = part.trim().toLowerCase();
    const day = WEEKDAYS.find((one) => one === word || (word.length >= 3 && one.startsWith(word)));
    if (!day) throw new InvalidArgumentError('Expected a weekday, e.g. sunday or sun.');
    return day;
  });
  return [...new Set([...previous, ...named])];
}

/** A meal, or a comma list of them, repeatable. */
const meals = (value: string, previous: Meal[] = []): Meal[] => [
  ...new Set([...previous, ...value.split(',').map((part) => mealName(part.trim()))]),
];

export function registerClosureRules(closed: Command, ctx: CommandContext): void {
  const rule = closed
    .command('rule')
    .description(
      'closures repeated every week (every Sunday dinner), each date closed as it comes',
    );

  answerCommand(rule.command('list', { isDefault: true }), ctx, {
    description: 'every weekly closure, the newest first, with the dates it has closed ahead',
    answer: async () => {
      const { listClosureRules, ruleWords } = await import('../services/closure-rule');
      return listing(
        await listClosureRules(await ctx.api()),
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'EVERY', value: (row) => ruleWords(row) },
          { header: 'FROM', value: (row) => row.start_date },
          { header: 'UNTIL', value: (row) => row.end_date ?? '' },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'NEXT', value: (row) => row.upcoming.join(' ') },
          { header: 'MOVED', value: (row) => row.extended, right: true },
          { header: 'BACK', value: (row) => row.reversed, right: true },
          { header: 'REASON', value: (row) => row.reason },
        ],
        'No weekly closures.',
      );
    },
  });

  answerCommand(rule.command('add'), ctx, {
    description:
      'close the kitchen every week: each date within two weeks is closed now, later ones as they come',
    options: (command) =>
      command
        .requiredOption(
          '--weekday <day>',
          'a weekday (sunday or sun; repeatable, or a comma list)',
          weekdays,
        )
        .option(
          '--meal <meal>',
          'only this meal (repeatable, or a comma list; default the whole day)',
          meals,
        )
        .requiredOption(
          '--from <YYYY-MM-DD>',
          'the first date it may close (today or later)',
          isoDate,
        )
        .option(
          '--until <YYYY-MM-DD>',
          'the last date it may close (default: until withdrawn)',
          isoDate,
        )
        .requiredOption('--reason <text>', 'why; the customers of each date are told'),
    answer: async (
      _output,
      options: { weekday: Weekday[]; meal?: Meal[]; from: string; until?: string; reason: string },
    ) => {
      const { createClosureRule, describeClosureRule } = await import('../services/closure-rule');
      const made = await createClosureRule(await ctx.api(), {
        weekdays: options.weekday,
        meals: options.meal ?? ['breakfast', 'lunch', 'dinner'],
        start_date: options.from,
        end_date: options.until ?? null,
        reason: options.reason,
      });
      return answer(made, describeClosureRule);
    },
  });

  answerCommand(rule.command('withdraw'), ctx, {
    description:
      'stop a weekly closure: its dates not locked yet open again, moving subscriptions back',
    id: 'the weekly closure',
    answer: async (_output, id: number) => {
      const { describeClosureRule, withdrawClosureRule } = await import('../services/closure-rule');
      return answer(await withdrawClosureRule(await ctx.api(), id), describeClosureRule);
    },
  });
}
