// dabba payments list | show | receipt
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { isoDate, jsonOption, positiveInt } from './shared';

const STATUSES = ['initiated', 'pending', 'success', 'failed'] as const;

export function registerPayments(program: Command, ctx: CommandContext): void {
  const payments = program.command('payments').description('payments and receipts');

  payments
    .command('list')
    .description('list payments, newest first')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .option('--since <date>', 'made on or after this date (YYYY-MM-DD)', isoDate)
    .option('--until <date>', 'made on or before this date (YYYY-MM-DD)', isoDate)
    .option('--search <text>', 'transaction id, order id or customer')
    .addOption(jsonOption())
    .action(
      async (options: {
        status?: (typeof STATUSES)[number];
        since?: string;
        until?: string;
        search?: string;
        json?: boolean;
      }) => {
        const { listPayments } = await import('../services/payments');
        const { day, printJson, printTable, rupees } = await import('../output');
        const rows = await listPayments(await ctx.api(), {
          ...(options.status ? { status: options.status.toUpperCase() as 'SUCCESS' } : {}),
          ...(options.since ? { date_from: options.since } : {}),
          ...(options.until ? { date_to: options.until } : {}),
          ...(options.search ? { search: options.search } : {}),
        });
        if (options.json) return printJson(ctx.io.stdout, rows);
        printTable(
          ctx.io.stdout,
          rows,
          [
            { header: 'ID', value: (payment) => payment.id, right: true },
            { header: 'Date', value: (payment) => day(payment.created_at) },
            { header: 'User', value: (payment) => payment.user.username },
            { header: 'Plan', value: (payment) => payment.plan.name },
            { header: 'Amount', value: (payment) => rupees(payment.amount_inr), right: true },
            { header: 'Status', value: (payment) => payment.status },
            { header: 'Transaction', value: (payment) => payment.transaction_id },
            { header: 'Receipt', value: (payment) => payment.receipt_number },
          ],
          'No payments found.',
        );
      },
    );

  payments
    .command('show')
    .description('show one payment with its subscription')
    .argument('<id>', 'payment id', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { getPayment } = await import('../services/payments');
      const { printFields, printJson, rupees } = await import('../output');
      const payment = await getPayment(await ctx.api(), id);
      if (options.json) return printJson(ctx.io.stdout, payment);
      printFields(ctx.io.stdout, [
        ['Payment', `#${payment.id}`],
        ['Status', payment.status],
        ['Amount', rupees(payment.amount_inr)],
        ['Date', payment.created_at],
        [
          'Customer',
          `${payment.user_first_name} ${payment.user_last_name} (${payment.user.username})`,
        ],
        [
          'Plan',
          `${payment.plan.name} (${payment.plan.service_type}, ${payment.plan.duration_days} days, ${rupees(payment.plan.base_price)})`,
        ],
        ['Subscription', `#${payment.subscription.id} ${payment.subscription_status}`],
        [
          'Period',
          payment.start_date ? `${payment.start_date} → ${payment.base_end_date ?? '?'}` : null,
        ],
        ['Total paid', rupees(payment.total_paid)],
        ['Gateway', payment.payment_gateway],
        ['Mode', payment.payment_mode],
        ['Order id', payment.razorpay_order_id],
        ['Payment id', payment.razorpay_payment_id],
        ['Transaction', payment.transaction_id],
        ['Receipt', payment.receipt_number],
        ['Failure', payment.failure_reason],
      ]);
    });

  payments
    .command('receipt')
    .description('print the receipt as HTML, or save it as PDF with --pdf')
    .argument('<id>', 'payment id', positiveInt)
    .option('--pdf <file>', 'save the PDF receipt to this file')
    .action(async (id: number, options: { pdf?: string }) => {
      const { getReceipt } = await import('../services/payments');
      const api = await ctx.api();
      if (options.pdf) {
        const { writeFileSync } = await import('node:fs');
        const file = ctx.resolvePath(options.pdf);
        writeFileSync(file, await getReceipt(api, id, 'pdf'));
        ctx.io.stderr.write(`Receipt Downloaded: ${options.pdf}\n`);
        return;
      }
      ctx.io.stdout.write(await getReceipt(api, id, 'html'));
    });
}
