// dabba leaves list | approve | reject
import { LEAVE_STATUSES } from '@machines/leave';
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { answerCommand, decisionCommand, isoDate, listing, statusOption } from './shared';

/** The --status choices: the lifecycle's statuses, in lower case as flags are written. */
const STATUSES = LEAVE_STATUSES.map((status) => status.toLowerCase());

export function registerLeaves(program: Command, ctx: CommandContext): void {
  const leaves = program.command('leaves').description('leave requests');

  answerCommand(leaves.command('list'), ctx, {
    description: 'list leave requests, newest first',
    options: (command) =>
      command
        .addOption(statusOption(STATUSES))
        .option(
          '--from <date>',
          'only leaves that last until this day or later (YYYY-MM-DD)',
          isoDate,
        )
        .option(
          '--to <date>',
          'only leaves that start on this day or earlier (YYYY-MM-DD)',
          isoDate,
        )
        .option('--on <date>', 'who is on leave that day: --from and --to that day', isoDate),
    answer: async (
      { statusLabel },
      options: { status?: (typeof STATUSES)[number]; from?: string; to?: string; on?: string },
    ) => {
      if (options.on && (options.from || options.to)) {
        throw usageError('Give --on, or --from and --to, not both.');
      }
      const from = options.on ?? options.from;
      const to = options.on ?? options.to;
      const { listLeaves } = await import('../services/leave');
      const rows = await listLeaves(await ctx.api(), {
        ...(options.status ? { status: options.status.toUpperCase() as 'PENDING' } : {}),
        ...(from ? { date_from: from } : {}),
        ...(to ? { date_to: to } : {}),
      });
      return listing(
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
  });

  for (const decision of ['approve', 'reject'] as const) {
    decisionCommand(leaves.command(decision), ctx, {
      description: `${decision} pending leave requests`,
      noun: 'leave request',
      pending: 'every pending leave request',
      target: async (api, { comment }) => {
        const { leaveDecisions } = await import('../services/leave');
        return leaveDecisions(api, decision, comment);
      },
    });
  }
}
