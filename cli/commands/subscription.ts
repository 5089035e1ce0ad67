// dabba subscriptions adjust | extend-all: the owner moves end dates (docs/rules/subscription.md,
// Owner adjustments).
import { InvalidArgumentError, type Command } from 'commander';
import { MAX_ADJUSTMENT_DAYS } from '@machines/shared';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { dryRunOption, jsonOption, positiveInt } from './shared';

/** Whole days, negative to shorten: `--days 2`, `--days -1`, `--days=-1`. */
function signedDays(value: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) {
    throw new InvalidArgumentError('Expected a whole number of days, e.g. 2 or -1.');
  }
  return Number(value);
}

function extensionDays(value: string): number {
  const days = positiveInt(value);
  if (days > MAX_ADJUSTMENT_DAYS) {
    throw new InvalidArgumentError(`Expected 1 to ${MAX_ADJUSTMENT_DAYS} days.`);
  }
  return days;
}

export function registerSubscriptions(program: Command, ctx: CommandContext): void {
  const subscriptions = program
    .command('subscriptions')
    .description("customers' subscriptions: move end dates");

  subscriptions
    .command('adjust')
    .description("extend (or, with negative days, shorten) one ACTIVE subscription's end date")
    .argument('<id>', 'subscription id')
    .requiredOption('--days <n>', 'days to move the end date; negative shortens', signedDays)
    .requiredOption('--reason <text>', 'why, in words the customer reads (required)')
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (
        id: string,
        options: { days: number; reason: string; dryRun?: boolean; json?: boolean },
      ) => {
        let subscriptionId: number;
        try {
          subscriptionId = positiveInt(id);
        } catch {
          throw usageError(`"${id}" is not a subscription id.`, 'Ids are positive whole numbers.');
        }
        const { adjustOne } = await import('../services/subscription');
        await adjustOne(ctx.io, await ctx.api(), subscriptionId, {
          days: options.days,
          reason: options.reason,
          dryRun: options.dryRun === true,
          json: options.json === true,
        });
      },
    );

  subscriptions
    .command('extend-all')
    .description('extend every ACTIVE subscription by some days, each exactly once')
    .requiredOption('--days <n>', `days to add, 1 to ${MAX_ADJUSTMENT_DAYS}`, extensionDays)
    .requiredOption('--reason <text>', 'why, in words the customers read (required)')
    .option(
      '--key <operation-key>',
      'names the operation, so running it again moves nobody twice (default: today, days and reason)',
    )
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (options: {
        days: number;
        reason: string;
        key?: string;
        yes?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        const { extendAll } = await import('../services/subscription');
        await extendAll(ctx.io, await ctx.api(), {
          days: options.days,
          reason: options.reason,
          ...(options.key ? { operationKey: options.key } : {}),
          yes: options.yes === true,
          dryRun: options.dryRun === true,
          json: options.json === true,
        });
      },
    );
}
