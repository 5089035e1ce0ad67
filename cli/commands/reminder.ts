// dabba reminders [--status S] [--customer ID] [--dry-run]: the reminders the owner's schedule sent
// or holds queued, newest first; --dry-run shows what the next run would send (docs/rules/reminder.md).
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption, positiveInt } from './shared';

type Options = {
  status?: 'queued' | 'sent' | 'skipped';
  customer?: number;
  dryRun?: boolean;
  json?: boolean;
};

export function registerReminders(program: Command, ctx: CommandContext): void {
  program
    .command('reminders')
    .description(
      'dues and expiry reminders sent by the schedule; --dry-run: what the next run sends',
    )
    .addOption(
      new Option('--status <status>', 'queued, sent or skipped').choices([
        'queued',
        'sent',
        'skipped',
      ]),
    )
    .option('--customer <id>', "only this customer's (user id)", positiveInt)
    .option('--dry-run', 'what the next scheduler run would send now (sends nothing)')
    .addOption(jsonOption())
    .action(async (options: Options) => {
      const api = await ctx.api();
      const service = await import('../services/reminder');
      const { printJson, printTable, rupees } = await import('../output');
      if (options.dryRun) {
        const next = await service.previewReminders(api);
        if (options.json) return printJson(ctx.io.stdout, next);
        if (!next.enabled)
          ctx.io.stdout.write('Reminders are off (dabba settings, or the Settings page).\n');
        if (next.quiet_until) {
          ctx.io.stdout.write(`Quiet hours: nothing is sent until ${next.quiet_until}.\n`);
        }
        printTable(
          ctx.io.stdout,
          next.reminders,
          [
            { header: 'KEY', value: (row) => row.key },
            { header: 'CUSTOMER', value: (row) => row.customer.full_name },
            {
              header: 'KIND',
              value: (row) => (row.number === null ? row.kind : `${row.kind} #${row.number}`),
            },
            {
              header: 'OWES',
              value: (row) => (row.amount === null ? '' : rupees(row.amount)),
              right: true,
            },
            { header: 'DUE ON', value: (row) => row.due_on },
          ],
          'The next run has nothing to send.',
        );
        return;
      }
      const rows = await service.listReminders(api, {
        ...(options.status ? { status: options.status } : {}),
        ...(options.customer ? { customer: options.customer } : {}),
      });
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer.full_name },
          {
            header: 'KIND',
            value: (row) => (row.number === null ? row.kind : `${row.kind} #${row.number}`),
          },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'SENT', value: (row) => row.sent_at ?? '' },
          { header: 'PAY LINK', value: (row) => row.payment_link?.short_url ?? '' },
        ],
        'No reminders yet.',
      );
    });
}
