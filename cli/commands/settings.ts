// dabba settings: the business's policies (each meal's cutoff, meal skips and what a skipped day
// earns, the leave policy).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption } from './shared';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function onOff(value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new InvalidArgumentError('Expected on or off.');
}

interface SetOptions {
  cutoff?: string[];
  skips?: boolean;
  skippedDay?: string;
  leaveMaxDays?: string;
  leaveMinExtending?: string;
  leaveMonthMax?: string;
  leaveBeforeCutoff?: boolean;
  json?: boolean;
}

export function registerSettings(program: Command, ctx: CommandContext): void {
  const settings = program
    .command('settings')
    .description(
      "the business's policies: each meal's cutoff, meal skips and what they earn, the leave policy",
    )
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { describeSettings, readSettings } = await import('../services/settings');
      const current = await readSettings(await ctx.api());
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, current);
      }
      ctx.io.stdout.write(describeSettings(current));
    });

  settings
    .command('set')
    .description('change cutoffs, meal skips or the leave policy; the rest stays as it is')
    .option(
      '--cutoff <meal=HH:MM[/days]>',
      'a meal and when its count is fixed, e.g. lunch=09:30 or breakfast=22:00/1 (the evening before); repeatable',
      collect,
    )
    .option('--skips <on|off>', 'whether customers may skip single meals', onOff)
    .option(
      '--skipped-day <extends|nothing>',
      'what a day with every meal skipped earns: extends (the plan by a day) or nothing',
    )
    .option('--leave-max-days <days>', 'the longest leave, both ends counted (spec: 15)')
    .option(
      '--leave-min-extending <days>',
      'the shortest approved leave that extends the plan (1: every one)',
    )
    .option('--leave-month-max <days|none>', 'most leave days a customer holds in a month')
    .option(
      '--leave-before-cutoff <on|off>',
      "whether a leave must be asked before its first meal's cutoff",
      onOff,
    )
    .addOption(jsonOption())
    .action(async (options: SetOptions) => {
      const {
        changedSettings,
        describeSettings,
        parseCutoff,
        parseDays,
        parseMonthCap,
        parseSkippedDay,
        readSettings,
        saveSettings,
      } = await import('../services/settings');
      const { usageError } = await import('../errors');
      const { json: _json, ...asked } = options;
      if (
        Object.values(asked).every(
          (value) => value === undefined || (Array.isArray(value) && value.length === 0),
        )
      ) {
        throw usageError(
          'Nothing to change: give --cutoff, --skips, --skipped-day or a --leave-… option.',
        );
      }
      let changes;
      try {
        changes = {
          cutoffs: (options.cutoff ?? []).map(parseCutoff),
          ...(options.skips === undefined ? {} : { skips: options.skips }),
          ...(options.skippedDay === undefined
            ? {}
            : { skipCredit: parseSkippedDay(options.skippedDay) }),
          leaves: {
            ...(options.leaveMaxDays === undefined
              ? {}
              : { max_days: parseDays(options.leaveMaxDays) }),
            ...(options.leaveMinExtending === undefined
              ? {}
              : { min_extending_days: parseDays(options.leaveMinExtending) }),
            ...(options.leaveMonthMax === undefined
              ? {}
              : { max_days_per_month: parseMonthCap(options.leaveMonthMax) }),
            ...(options.leaveBeforeCutoff === undefined
              ? {}
              : { before_cutoff: options.leaveBeforeCutoff }),
          },
        };
      } catch (error) {
        throw usageError((error as Error).message);
      }
      const api = await ctx.api();
      const saved = await saveSettings(api, changedSettings(await readSettings(api), changes));
      // `settings` has --json too, and takes it wherever it is written.
      if (options.json || settings.opts<{ json?: boolean }>().json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, saved);
      }
      ctx.io.stdout.write(`Settings saved.\n${describeSettings(saved)}`);
    });
}
