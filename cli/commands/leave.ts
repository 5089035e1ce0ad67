// dabba leaves list | approve | reject
import { LEAVE_STATUSES } from '@machines/leave';
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { dryRunOption, idsOrAllPending, isoDate, jsonOption } from './shared';

/** The --status choices: the lifecycle's statuses, in lower case as flags are written. */
const STATUSES = LEAVE_STATUSES.map((status) => status.toLowerCase());

export function registerLeaves(program: Command, ctx: CommandContext): void {
  const leaves = program.command('leaves').description('leave requests');

  leaves
    .command('list')
    .description('list leave requests, newest first')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .option('--from <date>', 'only leaves that last until this day or later (YYYY-MM-DD)', isoDate)
    .option('--to <date>', 'only leaves that start on this day or earlier (YYYY-MM-DD)', isoDate)
    .option('--on <date>', 'who is on leave that day: --from and --to that day', isoDate)
    .addOption(jsonOption())
    .action(
      async (options: {
        status?: (typeof STATUSES)[number];
        from?: string;
        to?: string;
        on?: string;
        json?: boolean;
      }) => {
        if (options.on && (options.from || options.to)) {
          throw usageError('Give --on, or --from and --to, not both.');
        }
        const from = options.on ?? options.from;
        const to = options.on ?? options.to;
        const { listLeaves } = await import('../services/leave');
        const { printJson, printTable, statusLabel } = await import('../output');
        const rows = await listLeaves(await ctx.api(), {
          ...(options.status ? { status: options.status.toUpperCase() as 'PENDING' } : {}),
          ...(from ? { date_from: from } : {}),
          ...(to ? { date_to: to } : {}),
        });
        if (options.json) return printJson(ctx.io.stdout, rows);
        printTable(
          ctx.io.stdout,
          rows,
          [
            { header: 'ID', value: (leave) => leave.id, right: true },
            { header: 'Status', value: (leave) => statusLabel(leave.status) },
            { header: 'Customer', value: (leave) => leave.subscription_user.full_name },
            { header: 'Username', value: (leave) => leave.subscription_user.username },
            { header: 'Plan', value: (leave) => leave.subscription_plan },
            { header: 'From', value: (leave) => leave.leave_start_date },
            { header: 'To', value: (leave) => leave.leave_end_date },
            { header: 'Days', value: (leave) => leave.duration_days, right: true },
            { header: 'Reason', value: (leave) => leave.reason },
          ],
          'No leave requests found.',
        );
      },
    );

  for (const decision of ['approve', 'reject'] as const) {
    leaves
      .command(decision)
      .description(`${decision} pending leave requests`)
      .argument('[ids...]', 'leave request ids')
      .requiredOption('--comment <text>', 'the admin comment the customer sees (required)')
      .option('--all-pending', 'every pending leave request (asks first unless --yes)')
      .option('-y, --yes', 'do not ask for confirmation')
      .addOption(dryRunOption())
      .addOption(jsonOption())
      .action(
        async (
          ids: string[],
          options: {
            comment: string;
            allPending?: boolean;
            yes?: boolean;
            dryRun?: boolean;
            json?: boolean;
          },
        ) => {
          const targets = idsOrAllPending(ids, options.allPending, 'leave request');
          const { decideLeaves } = await import('../services/leave');
          await decideLeaves(ctx.io, await ctx.api(), decision, options.comment, {
            ids: targets,
            dryRun: options.dryRun === true,
            yes: options.yes === true,
            json: options.json === true,
          });
        },
      );
  }
}
