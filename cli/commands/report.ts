// dabba report payments: the month-end payments report, totals per mode and per day, or its CSV.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { PAYMENT_STATUSES } from '@machines/payment';
import type { CommandContext } from '../context';
import { isoDate, jsonOption } from './shared';

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

  report
    .command('payments')
    .description('payments of a period with totals per mode and per day, or their CSV for Excel')
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
    .option('--csv <file>', 'write the CSV for Excel to this file ("-" for stdout)')
    .addOption(jsonOption())
    .action(
      async (options: {
        from: string;
        to: string;
        mode?: string;
        status?: (typeof STATUSES)[number];
        csv?: string;
        json?: boolean;
      }) => {
        const { paymentsReport, paymentsReportCsv } = await import('../services/reports');
        const { printJson, printTable, rupees } = await import('../output');
        const api = await ctx.api();
        const query = {
          from: options.from,
          to: options.to,
          ...(options.mode ? { mode: options.mode } : {}),
          ...(options.status ? { status: options.status.toUpperCase() as 'SUCCESS' } : {}),
        };
        if (options.csv) {
          const file = options.csv === '-' ? '-' : ctx.resolvePath(options.csv);
          const csv = await paymentsReportCsv(api, query, file);
          if (file === '-')
            ctx.io.stdout.write(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv));
          else ctx.io.stderr.write(`Saved the payments report to ${file}\n`);
          return;
        }
        const answer = await paymentsReport(api, query);
        if (options.json) return printJson(ctx.io.stdout, answer);
        const out = ctx.io.stdout;
        // As the owner's home says it: received, refunded (refunds paid back in the period) and
        // net, in the report of every successful payment; a refund has no mode or status.
        const { refunded, net } = answer;
        const received = answer.status === 'SUCCESS' ? 'received' : answer.status.toLowerCase();
        out.write(
          `Payments ${answer.from} to ${answer.to}${answer.mode ? `, ${answer.mode}` : ''}: ${answer.total.count}, ${received} ${rupees(answer.total.total_inr)}` +
            (refunded && net
              ? `; refunded ${rupees(refunded.total_inr)} (${refunded.count}); net ${rupees(net.total_inr)}`
              : '') +
            '\n\n',
        );
        printTable(
          out,
          answer.by_mode,
          [
            { header: 'Mode', value: (entry) => entry.label },
            { header: 'Payments', value: (entry) => entry.count, right: true },
            { header: 'Amount', value: (entry) => rupees(entry.total_inr), right: true },
          ],
          'No payments in this period.',
        );
        if (answer.by_day.length === 0) return;
        out.write('\n');
        printTable(
          out,
          answer.by_day,
          [
            { header: 'Date', value: (entry) => entry.date },
            { header: 'Payments', value: (entry) => entry.count, right: true },
            {
              header: answer.status === 'SUCCESS' ? 'Received' : 'Amount',
              value: (entry) => rupees(entry.total_inr),
              right: true,
            },
            ...(refunded && net
              ? [
                  {
                    header: 'Refunded',
                    value: (entry: (typeof answer.by_day)[number]) =>
                      rupees(entry.refunded?.total_inr),
                    right: true,
                  },
                  {
                    header: 'Net',
                    value: (entry: (typeof answer.by_day)[number]) => rupees(entry.net?.total_inr),
                    right: true,
                  },
                ]
              : []),
          ],
          '',
        );
      },
    );
}
