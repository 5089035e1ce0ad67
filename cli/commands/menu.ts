// dabba menu [--date D] [--week] | menu set | menu set-week --file F | menu clear
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DISH_MARKS, MENU_MEALS, WEEKDAYS, type Dish } from '@machines/menu';
import type { CommandContext } from '../context';
import { DISH_SPEC, dishFromSpec } from '../menu-week-file';
import { usageError } from '../errors';
import { answer, answerCommand, dryRunOption, isoDate, jsonOption } from './shared';

type Meal = (typeof MENU_MEALS)[number];
type Weekday = (typeof WEEKDAYS)[number];

/** `--dish MARK:NAME[:HINDI]`, repeated, in order. */
function dish(value: string, previous: Dish[] = []): Dish[] {
  const parsed = dishFromSpec(value);
  if (!parsed) {
    throw new InvalidArgumentError(`Expected ${DISH_SPEC}, e.g. "veg:Dal tadka:दाल तड़का".`);
  }
  return [...previous, parsed];
}

export function registerMenu(program: Command, ctx: CommandContext): void {
  const menu = answerCommand(program.command('menu'), ctx, {
    description: "the menu: today's (or --date's) meals, --week for seven days",
    options: (command) =>
      command
        // `menu set --date …` is the subcommand's --date, not this one's (the program is positional too).
        .enablePositionalOptions()
        .option('--date <date>', 'the first day to show (YYYY-MM-DD; default today)', isoDate)
        .option('--week', 'seven days from the date'),
    answer: async (_output, options: { date?: string; week?: boolean }) => {
      const { readMenu } = await import('../services/menu');
      const { renderMenu } = await import('../menu-report');
      const days = await readMenu(await ctx.api(), {
        days: options.week ? 7 : 1,
        ...(options.date ? { date: options.date } : {}),
      });
      return answer(days, renderMenu);
    },
  });

  menu
    .command('set')
    .description("set a meal's dishes for every --weekday, or for one --date (which wins)")
    .addOption(new Option('--meal <meal>', 'the meal').choices(MENU_MEALS).makeOptionMandatory())
    .addOption(new Option('--weekday <day>', 'every such weekday').choices(WEEKDAYS))
    .option('--date <date>', 'one date, today or later (YYYY-MM-DD)', isoDate)
    .option(
      '--dish <MARK:NAME[:HINDI]>',
      `a dish, repeated in order; MARK is ${DISH_MARKS.join(', ')}`,
      dish,
    )
    .option('--none', 'nothing is served at this meal')
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (options: {
        meal: Meal;
        weekday?: Weekday;
        date?: string;
        dish?: Dish[];
        none?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        if (Boolean(options.weekday) === Boolean(options.date)) {
          throw usageError('Give --weekday or --date, one of them.');
        }
        const dishes = options.dish ?? [];
        if (options.none && dishes.length > 0) throw usageError('Give --dish or --none, not both.');
        if (!options.none && dishes.length === 0) {
          throw usageError(
            'Give the dishes with --dish MARK:NAME (repeat it), or --none for nothing.',
            'e.g. dabba menu set --date 2026-11-28 --meal lunch --dish "veg:Dal tadka:दाल तड़का" --dish "jain:Jeera rice"',
          );
        }
        const { printJson } = await import('../output');
        const what = options.weekday
          ? `${options.meal} every ${options.weekday}`
          : `${options.meal} on ${options.date}`;
        const list = dishes.length === 0 ? 'nothing' : dishes.map((d) => d.name).join(', ');
        if (options.dryRun) {
          if (options.json) return printJson(ctx.io.stdout, { dry_run: true, dishes });
          ctx.io.stdout.write(`Would set ${what}: ${list}.\n`);
          return;
        }
        const { setDateMenu, setWeekdayMenu } = await import('../services/menu');
        const api = await ctx.api();
        const answer = options.weekday
          ? await setWeekdayMenu(api, options.weekday, options.meal, dishes)
          : await setDateMenu(api, options.date as string, options.meal, dishes);
        if (options.json) return printJson(ctx.io.stdout, answer);
        ctx.io.stdout.write(`Set ${what}: ${list}.\n`);
      },
    );

  menu
    .command('set-week')
    .description(
      "set the usual week's meals from a JSON or CSV file, in one save; a meal the file leaves out keeps its dishes",
    )
    .requiredOption(
      '--file <file>',
      'the week: .json ({"week": {"monday": {"lunch": [{"name", "name_hi", "mark"}]}}}) or .csv (weekday,meal,mark,name,name_hi)',
    )
    .addOption(
      new Option('--format <format>', "the file's format (default: from its name)").choices([
        'json',
        'csv',
      ]),
    )
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (options: {
        file: string;
        format?: 'json' | 'csv';
        dryRun?: boolean;
        json?: boolean;
      }) => {
        const format =
          options.format ?? (options.file.toLowerCase().endsWith('.csv') ? 'csv' : 'json');
        const { readFile } = await import('node:fs/promises');
        const { parseWeekFile, mergedWeek, weekChanges } = await import('../menu-week-file');
        let text: string;
        try {
          text = await readFile(ctx.resolvePath(options.file), 'utf8');
        } catch (error) {
          throw usageError(
            `Could not read ${options.file}: ${(error as Error).message}`,
            'Give the path of a .json or .csv file with --file.',
          );
        }
        let file: ReturnType<typeof parseWeekFile>;
        try {
          file = parseWeekFile(text, format);
        } catch (error) {
          throw usageError(
            `${options.file}: ${(error as Error).message}`,
            'See `dabba menu set-week --help` and docs/cli.md for the file.',
          );
        }
        const { readWeekMenu, setWeekMenu } = await import('../services/menu');
        const { renderWeekChanges } = await import('../menu-report');
        const { printJson } = await import('../output');
        const api = await ctx.api();
        const current = (await readWeekMenu(api)).week;
        const week = mergedWeek(current, file);
        const changes = weekChanges(current, week);
        const meals = `${changes.length} ${changes.length === 1 ? 'meal' : 'meals'} of the week`;
        if (options.dryRun || changes.length === 0) {
          if (options.json) {
            return printJson(ctx.io.stdout, { dry_run: Boolean(options.dryRun), changes });
          }
          ctx.io.stdout.write(
            changes.length === 0
              ? 'The week already has these dishes: nothing to change.\n'
              : `Would set ${meals}:\n${renderWeekChanges(changes)}Nothing was changed (--dry-run).\n`,
          );
          return;
        }
        const answer = await setWeekMenu(api, week);
        if (options.json) return printJson(ctx.io.stdout, answer);
        ctx.io.stdout.write(`Set ${meals}:\n${renderWeekChanges(changes)}`);
      },
    );

  menu
    .command('clear')
    .description("clear a date's change: the weekday's dishes apply again")
    .requiredOption('--date <date>', 'the date (YYYY-MM-DD)', isoDate)
    .addOption(new Option('--meal <meal>', 'the meal').choices(MENU_MEALS).makeOptionMandatory())
    .addOption(dryRunOption())
    .action(async (options: { date: string; meal: Meal; dryRun?: boolean }) => {
      if (options.dryRun) {
        ctx.io.stdout.write(`Would clear the change to ${options.meal} on ${options.date}.\n`);
        return;
      }
      const { clearDateMenu } = await import('../services/menu');
      await clearDateMenu(await ctx.api(), options.date, options.meal);
      ctx.io.stdout.write(
        `Cleared the change to ${options.meal} on ${options.date}: the weekday's dishes apply.\n`,
      );
    });
}
