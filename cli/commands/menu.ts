// dabba menu [--date D] [--week] | menu set | menu clear
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DISH_MARKS, isDishMark, MENU_MEALS, WEEKDAYS } from '@machines/menu';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { dryRunOption, isoDate, jsonOption } from './shared';

type Meal = (typeof MENU_MEALS)[number];
type Weekday = (typeof WEEKDAYS)[number];

interface Dish {
  name: string;
  name_hi: string | null;
  mark: (typeof DISH_MARKS)[number];
}

/** `MARK:NAME` or `MARK:NAME:HINDI NAME`, e.g. `veg:Dal tadka:दाल तड़का`; repeated, in order. */
function dish(value: string, previous: Dish[] = []): Dish[] {
  const [mark, ...rest] = value.split(':');
  if (!isDishMark(mark) || rest.length === 0 || rest.length > 2 || !rest[0]?.trim()) {
    throw new InvalidArgumentError(
      `Expected MARK:NAME or MARK:NAME:HINDI NAME, MARK one of ${DISH_MARKS.join(', ')}, e.g. "veg:Dal tadka:दाल तड़का".`,
    );
  }
  const [name = '', hindi] = rest;
  return [...previous, { name: name.trim(), name_hi: hindi?.trim() || null, mark }];
}

export function registerMenu(program: Command, ctx: CommandContext): void {
  const menu = program
    .command('menu')
    .description("the menu: today's (or --date's) meals, --week for seven days")
    // `menu set --date …` is the subcommand's --date, not this one's (the program is positional too).
    .enablePositionalOptions()
    .option('--date <date>', 'the first day to show (YYYY-MM-DD; default today)', isoDate)
    .option('--week', 'seven days from the date')
    .addOption(jsonOption())
    .action(async (options: { date?: string; week?: boolean; json?: boolean }) => {
      const { readMenu } = await import('../services/menu');
      const { printJson } = await import('../output');
      const { renderMenu } = await import('../menu-report');
      const answer = await readMenu(await ctx.api(), {
        days: options.week ? 7 : 1,
        ...(options.date ? { date: options.date } : {}),
      });
      if (options.json) return printJson(ctx.io.stdout, answer);
      ctx.io.stdout.write(renderMenu(answer));
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
