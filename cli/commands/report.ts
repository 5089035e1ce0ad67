// dabba report payments: the month-end payments report, totals per mode and per day, or its CSV.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { PAYMENT_STATUSES } from '@machines/payment';
import type { CommandContext } from '../context';
import { answer, answerCommand, csvTo, isoDate } from './shared';

const STATUSES = PAYMENT_STATUSES.map((status) => status.toLowerCase());

function paymentMode(value: string): string {
  if (!/^[a-z_]{1,32}$/.test(value)) {
    throw new InvalidArgumentError(
      'Use a payment mode such as cash, upi, bank_transfer or online.',
    );
  }
  return value;
}

export function registerReport(program: Command, ctx: CommandContext): void {
  const report = program.command('report').description('month-end reports');

  answerCommand(report.command('payments'), ctx, {
    description: 'payments of a period with totals per mode and per day, or their CSV for Excel',
    options: (command) =>
      command
        .requiredOption('--from <date>', 'the first day (YYYY-MM-DD)', isoDate)
        .requiredOption('--to <date>', 'the last day (YYYY-MM-DD)', isoDate)
        .option(
          '--mode <mode>',
          'only this mode: cash, upi, bank_transfer, card…, or online (any online payment)',
          paymentMode,
        )
        .addOption(
          new Option('--status <status>', 'only this status (default: success)').choices(STATUSES),
        )
        .option('--csv <file>', 'write the CSV for Excel to this file ("-" for stdout)'),
    answer: async (
      { formatTable, rupees, tableOr },
      options: {
        from: string;
        to: string;
        mode?: string;
        status?: (typeof STATUSES)[number];
        csv?: string;
      },
    ) => {
      const { paymentsReport, paymentsReportCsv } = await import('../services/reports');
      const api = await ctx.api();
      const query = {
        from: options.from,
        to: options.to,
        ...(options.mode ? { mode: options.mode } : {}),
        ...(options.status ? { status: options.status.toUpperCase() as 'SUCCESS' } : {}),
      };
      if (options.csv) {
        const file = await csvTo(ctx, options.csv, (path) => paymentsReportCsv(api, query, path));
        if (file) ctx.io.stderr.write(`Saved the payments report to ${file}\n`);
        return undefined;
      }
      return answer(await paymentsReport(api, query), (totals) => {
        // As the owner's home says it: received, refunded (refunds paid back in the period) and
        // net, in the report of every successful payment; a refund has no mode or status.
        const { refunded, net } = totals;
        const received = totals.status === 'SUCCESS' ? 'received' : totals.status.toLowerCase();
        const heading =
          `Payments ${totals.from} to ${totals.to}${totals.mode ? `, ${totals.mode}` : ''}: ${totals.total.count}, ${received} ${rupees(totals.total.total_inr)}` +
          (refunded && net
            ? `; refunded ${rupees(refunded.total_inr)} (${refunded.count}); net ${rupees(net.total_inr)}`
            : '') +
          '\n\n';
        const byMode = tableOr(
          totals.by_mode,
          [
            { header: 'Mode', value: (entry) => entry.label },
            { header: 'Payments', value: (entry) => entry.count, right: true },
            { header: 'Amount', value: (entry) => rupees(entry.total_inr), right: true },
          ],
          'No payments in this period.',
        );
        if (totals.by_day.length === 0) return heading + byMode;
        type Day = (typeof totals.by_day)[number];
        return `${heading}${byMode}\n${formatTable(totals.by_day, [
          { header: 'Date', value: (entry) => entry.date },
          { header: 'Payments', value: (entry) => entry.count, right: true },
          {
            header: totals.status === 'SUCCESS' ? 'Received' : 'Amount',
            value: (entry) => rupees(entry.total_inr),
            right: true,
          },
          ...(refunded && net
            ? [
                {
                  header: 'Refunded',
                  value: (entry: Day) => rupees(entry.refunded?.total_inr),
                  right: true,
                },
                { header: 'Net', value: (entry: Day) => rupees(entry.net?.total_inr), right: true },
              ]
            : []),
        ])}`;
      });
    },
  });
}
