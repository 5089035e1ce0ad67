// dabba settings: the business's policies (each meal's cutoff, meal skips and what a skipped day
// earns, the leave policy, when a subscription starts, the dues hold, the reminder schedule).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand, jsonOption } from './shared';

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
  activation?: string;
  maxDues?: string;
  hold?: boolean;
  holdAmount?: string;
  holdDays?: string;
  reminders?: boolean;
  remindBefore?: string;
  remindOnDue?: boolean;
  remindEvery?: string;
  remindMax?: string;
  quietHours?: string;
  whatsappPrice?: string;
  json?: boolean;
}

export function registerSettings(program: Command, ctx: CommandContext): void {
  const settings = answerCommand(program.command('settings'), ctx, {
    description:
      "the business's policies: each meal's cutoff, meal skips and what they earn, the leave policy",
    answer: async () => {
      const { describeSettings, readSettings } = await import('../services/settings');
      return answer(await readSettings(await ctx.api()), describeSettings);
    },
  });

  settings
    .command('set')
    .description(
      'change cutoffs, meal skips, the leave policy, payments, the dues hold or reminders; the rest stays as it is',
    )
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
    .option('--activation <full|dues>', 'a subscription starts on full payment, or with dues')
    .option('--max-dues <rupees>', 'with --activation dues: the most a new subscription may owe')
    .option('--hold <on|off>', 'pause the meals of customers whose dues pass a limit', onOff)
    .option('--hold-amount <rupees|none>', 'the dues hold: owing more than this pauses meals')
    .option('--hold-days <days|none>', 'the dues hold: overdue longer than this pauses meals')
    .option('--reminders <on|off>', 'send the reminder schedule', onOff)
    .option('--remind-before <days>', 'remind this many days before a plan ends (0: never)')
    .option('--remind-on-due <on|off>', 'remind on the day dues become overdue', onOff)
    .option('--remind-every <days>', 'then remind every this many days while overdue')
    .option('--remind-max <count>', 'at most this many dues reminders for the same dues (0: none)')
    .option('--quiet-hours <HH:MM-HH:MM>', 'send no reminder between these times, e.g. 21:00-08:00')
    .option(
      '--whatsapp-price <paise>',
      "what one WhatsApp message costs, in paise (Meta's utility price: about 11.5), for the home's estimate",
    )
    .addOption(jsonOption())
    .action(async (options: SetOptions) => {
      const {
        changedSettings,
        describeSettings,
        parseActivation,
        parseCutoff,
        parseDays,
        parseLimit,
        parseMonthCap,
        parsePaise,
        parseQuietHours,
        parseSkippedDay,
        parseWhole,
        readSettings,
        saveSettings,
        startableHint,
        startableSubscriptions,
      } = await import('../services/settings');
      const { usageError } = await import('../errors');
      const { json: _json, ...asked } = options;
      if (
        Object.values(asked).every(
          (value) => value === undefined || (Array.isArray(value) && value.length === 0),
        )
      ) {
        throw usageError(
          'Nothing to change: give --cutoff, --skips, --skipped-day, --activation, --max-dues, a --leave-…, --hold… or --remind… option, --reminders, --quiet-hours or --whatsapp-price.',
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
          payments: {
            ...(options.activation === undefined
              ? {}
              : { activation: parseActivation(options.activation) }),
            ...(options.maxDues === undefined
              ? {}
              : { max_dues: parseWhole(options.maxDues, 0, 'a whole number of rupees') }),
          },
          hold: {
            ...(options.hold === undefined ? {} : { enabled: options.hold }),
            ...(options.holdAmount === undefined
              ? {}
              : { max_amount: parseLimit(options.holdAmount, 'a whole number of rupees') }),
            ...(options.holdDays === undefined
              ? {}
              : { max_days_overdue: parseLimit(options.holdDays, 'a number of days') }),
          },
          reminders: {
            ...(options.reminders === undefined ? {} : { enabled: options.reminders }),
            ...(options.remindBefore === undefined
              ? {}
              : { before_expiry_days: parseWhole(options.remindBefore, 0, 'a number of days') }),
            ...(options.remindOnDue === undefined ? {} : { on_due_date: options.remindOnDue }),
            ...(options.remindEvery === undefined
              ? {}
              : { every_days_overdue: parseWhole(options.remindEvery, 1, 'a number of days') }),
            ...(options.remindMax === undefined
              ? {}
              : { max_reminders: parseWhole(options.remindMax, 0, 'a count') }),
            ...(options.quietHours === undefined
              ? {}
              : { quiet_hours: parseQuietHours(options.quietHours) }),
          },
          ...(options.whatsappPrice === undefined
            ? {}
            : { whatsapp: { utility_price_paise: parsePaise(options.whatsappPrice) } }),
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
      // A policy that now lets part-paid subscriptions start says which, and how to start them.
      const startable =
        options.activation !== undefined || options.maxDues !== undefined
          ? startableHint(await startableSubscriptions(api))
          : '';
      ctx.io.stdout.write(`Settings saved.\n${describeSettings(saved)}${startable}`);
    });

  settings
    .command('start-allowed')
    .description(
      'start the part-paid subscriptions awaiting payment that the payment policy now lets start',
    )
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { startableSubscriptions, startSubscriptions, startableTable } =
        await import('../services/settings');
      const api = await ctx.api();
      const listed = await startableSubscriptions(api);
      const json = options.json || settings.opts<{ json?: boolean }>().json;
      if (listed.length === 0) {
        if (json) {
          const { printJson } = await import('../output');
          return printJson(ctx.io.stdout, {
            detail: 'Nothing to start.',
            started: [],
            not_started: [],
          });
        }
        ctx.io.stdout.write(
          'No subscription awaiting payment can start under the payment policy.\n',
        );
        return;
      }
      const answer = await startSubscriptions(
        api,
        listed.map((row) => row.id),
      );
      if (json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, answer);
      }
      ctx.io.stdout.write(
        `${answer.detail}\n${answer.started.length > 0 ? startableTable(answer.started) : ''}` +
          (answer.not_started.length > 0
            ? `Left as they were (paid, started or over the limit meanwhile): ${answer.not_started.map((id) => `#${id}`).join(', ')}\n`
            : ''),
      );
    });
}
