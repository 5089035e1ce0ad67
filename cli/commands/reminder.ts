// dabba reminders [--status S] [--customer ID] [--dry-run]: the reminders the owner's schedule sent
// or holds queued, newest first; --dry-run shows what the next run would send (docs/rules/reminder.md).
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand, listing, positiveInt } from './shared';

type Options = {
  status?: 'queued' | 'sent' | 'skipped';
  customer?: number;
  dryRun?: boolean;
};

/** A reminder's kind, and which of the same dues it is: "dues #2". */
const kind = (row: { kind: string; number: number | null }) =>
  row.number === null ? row.kind : `${row.kind} #${row.number}`;

export function registerReminders(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('reminders'), ctx, {
    description:
      'dues and expiry reminders sent by the schedule; --dry-run: what the next run sends',
    options: (command) =>
      command
        .addOption(
          new Option('--status <status>', 'queued, sent or skipped').choices([
            'queued',
            'sent',
            'skipped',
          ]),
        )
        .option('--customer <id>', "only this customer's (user id)", positiveInt)
        .option('--dry-run', 'what the next scheduler run would send now (sends nothing)'),
    answer: async ({ rupees, tableOr }, options: Options) => {
      const api = await ctx.api();
      const service = await import('../services/reminder');
      if (options.dryRun) {
        return answer(
          await service.previewReminders(api),
          (next) =>
            (next.enabled ? '' : 'Reminders are off (dabba settings, or the Settings page).\n') +
            (next.quiet_until ? `Quiet hours: nothing is sent until ${next.quiet_until}.\n` : '') +
            tableOr(
              next.reminders,
              [
                { header: 'KEY', value: (row) => row.key },
                { header: 'CUSTOMER', value: (row) => row.customer.full_name },
                { header: 'KIND', value: kind },
                {
                  header: 'OWES',
                  value: (row) => (row.amount === null ? '' : rupees(row.amount)),
                  right: true,
                },
                { header: 'DUE ON', value: (row) => row.due_on },
              ],
              'The next run has nothing to send.',
            ),
        );
      }
      const rows = await service.listReminders(api, {
        ...(options.status ? { status: options.status } : {}),
        ...(options.customer ? { customer: options.customer } : {}),
      });
      return listing(
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer.full_name },
          { header: 'KIND', value: kind },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'SENT', value: (row) => row.sent_at ?? '' },
          { header: 'PAY LINK', value: (row) => row.payment_link?.short_url ?? '' },
        ],
        'No reminders yet.',
      );
    },
  });
}
