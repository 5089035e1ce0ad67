// dabba payments list | show | receipt | pending | record
import { InvalidArgumentError, Option, type Command } from 'commander';
import { OFFLINE_PAYMENT_MODES, PAYMENT_STATUSES } from '@machines/payment';
import type { CommandContext } from '../context';
import {
  answer,
  answerCommand,
  dryRunOption,
  fields,
  isoDate,
  jsonOption,
  listing,
  money,
  positiveInt,
  statusOption,
} from './shared';

/** The --status choices: the lifecycle's statuses, in lower case as flags are written. */
const STATUSES = PAYMENT_STATUSES.map((status) => status.toLowerCase());
const OFFLINE_MODES = OFFLINE_PAYMENT_MODES;

export function registerPayments(program: Command, ctx: CommandContext): void {
  const payments = program.command('payments').description('payments and receipts');

  answerCommand(payments.command('list'), ctx, {
    description: 'list payments, newest first',
    options: (command) =>
      command
        .addOption(statusOption(STATUSES))
        .option('--since <date>', 'made on or after this date (YYYY-MM-DD)', isoDate)
        .option('--until <date>', 'made on or before this date (YYYY-MM-DD)', isoDate)
        .option('--search <text>', 'transaction id, order id or customer'),
    answer: async (
      { day, rupees, statusLabel },
      options: {
        status?: (typeof STATUSES)[number];
        since?: string;
        until?: string;
        search?: string;
      },
    ) => {
      const { listPayments } = await import('../services/payments');
      const rows = await listPayments(await ctx.api(), {
        ...(options.status ? { status: options.status.toUpperCase() as 'SUCCESS' } : {}),
        ...(options.since ? { date_from: options.since } : {}),
        ...(options.until ? { date_to: options.until } : {}),
        ...(options.search ? { search: options.search } : {}),
      });
      return listing(
        rows,
        [
          { header: 'ID', value: (payment) => payment.id, right: true },
          { header: 'Date', value: (payment) => day(payment.created_at) },
          { header: 'User', value: (payment) => payment.user.username },
          { header: 'Plan', value: (payment) => payment.plan.name },
          { header: 'Amount', value: (payment) => rupees(payment.amount_inr), right: true },
          { header: 'Status', value: (payment) => statusLabel(payment.status) },
          { header: 'Transaction', value: (payment) => payment.transaction_id },
          { header: 'Receipt', value: (payment) => payment.receipt_number },
        ],
        'No payments found.',
      );
    },
  });

  answerCommand(payments.command('show'), ctx, {
    description: 'show one payment with its subscription',
    id: 'payment id',
    answer: async ({ moneyFields, rupees, statusLabel }, id: number) => {
      const { getPayment } = await import('../services/payments');
      const payment = await getPayment(await ctx.api(), id);
      return fields(payment, [
        ['Payment', `#${payment.id}`],
        ['Status', statusLabel(payment.status)],
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
        ['Subscription', `#${payment.subscription.id} ${statusLabel(payment.subscription_status)}`],
        [
          'Period',
          payment.start_date ? `${payment.start_date} → ${payment.base_end_date ?? '?'}` : null,
        ],
        // The subscription's price (the API's total_paid) and, beside it, what was paid for it in
        // all (this payment and any other), paid back and is still owed.
        ...moneyFields(payment, { every: true }),
        ['Gateway', payment.payment_gateway],
        ['Mode', payment.payment_mode],
        // Money received at the mess: when it came, its UPI/UTR reference, who recorded it.
        ['Received on', payment.received_on],
        ['Reference', payment.utr],
        ['Recorded by', payment.recorded_by?.username],
        ['Order id', payment.razorpay_order_id],
        ['Payment id', payment.razorpay_payment_id],
        ['Transaction', payment.transaction_id],
        ['Receipt', payment.receipt_number],
        ['Failure', payment.failure_reason],
      ]);
    },
  });

  payments
    .command('receipt')
    .description(
      'print the receipt (or tax invoice) as text; --pdf saves the PDF, --html prints the HTML, --json the payment',
    )
    .argument('<id>', 'payment id', positiveInt)
    .addOption(
      new Option('--pdf <file>', 'save the PDF receipt to this file').conflicts(['html', 'json']),
    )
    .addOption(new Option('--html', 'print the HTML document the web app shows').conflicts('json'))
    .addOption(jsonOption())
    .action(async (id: number, options: { pdf?: string; html?: boolean; json?: boolean }) => {
      const { getReceipt, receiptData } = await import('../services/payments');
      const api = await ctx.api();
      if (options.pdf) {
        const { writeFileSync } = await import('node:fs');
        const file = ctx.resolvePath(options.pdf);
        writeFileSync(file, await getReceipt(api, id, 'pdf'));
        ctx.io.stderr.write(`Receipt Downloaded: ${options.pdf}\n`);
        return;
      }
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, await receiptData(api, id));
      }
      ctx.io.stdout.write(await getReceipt(api, id, options.html ? 'html' : 'text'));
    });

  answerCommand(payments.command('pending'), ctx, {
    description:
      'subscriptions awaiting payment, newest first: record one paid at the mess with `dabba payments record`',
    answer: async ({ MONEY_LABELS, rupees, tableOr, when }) => {
      const { pendingPayments } = await import('../services/offline-payments');
      const api = await ctx.api();
      return answer(await pendingPayments(api), async (rows) => {
        const { businessTimeZone } = await import('../services/api');
        const zone = await businessTimeZone(api);
        return tableOr(
          rows,
          [
            { header: 'Subscription', value: (subscription) => subscription.id, right: true },
            { header: 'Username', value: (subscription) => subscription.user.username },
            { header: 'Name', value: (subscription) => subscription.user.full_name },
            { header: 'Plan', value: (subscription) => subscription.plan.name },
            { header: 'Service', value: (subscription) => subscription.subscription_type },
            {
              header: MONEY_LABELS.price,
              value: (subscription) => rupees(subscription.total_paid),
              right: true,
            },
            {
              header: MONEY_LABELS.paid,
              value: (subscription) => rupees(subscription.amount_paid),
              right: true,
            },
            // What is owed (a part payment lowers it): what `dabba payments record` takes at most.
            {
              header: 'Amount Due',
              value: (subscription) => rupees(subscription.amount_due),
              right: true,
            },
            {
              header: 'Subscribed',
              value: (subscription) => when(subscription.created_at, zone),
            },
          ],
          'No Pending Payments: every subscription has been paid for.',
        );
      });
    },
  });

  payments
    .command('record')
    .description('record a cash, UPI or bank-transfer payment for a subscription awaiting payment')
    .argument('<subscription-id>', 'the subscription paid for', positiveInt)
    .requiredOption(
      '--amount <rupees>',
      'the amount received: at most what the subscription still owes (its Amount Due)',
      money,
    )
    .addOption(
      new Option('--mode <mode>', 'how it was paid').choices(OFFLINE_MODES).makeOptionMandatory(),
    )
    .option(
      '--reference <ref>',
      'UPI transaction id or bank UTR (required for upi and bank_transfer)',
      paymentReference,
    )
    .option('--date <date>', 'the day the money was received (YYYY-MM-DD; default today)', isoDate)
    .option('--note <text>', 'a note kept with the payment', paymentNote)
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (
        id: number,
        options: {
          amount: number;
          mode: (typeof OFFLINE_MODES)[number];
          reference?: string;
          date?: string;
          note?: string;
          dryRun?: boolean;
          json?: boolean;
        },
      ) => {
        const { recordOfflinePayment } = await import('../services/offline-payments');
        await recordOfflinePayment(ctx.io, await ctx.api(), id, {
          amount: options.amount,
          mode: options.mode,
          ...(options.reference ? { reference: options.reference } : {}),
          ...(options.date ? { date: options.date } : {}),
          ...(options.note ? { note: options.note } : {}),
          dryRun: options.dryRun === true,
          json: options.json === true,
        });
      },
    );
}

/** The contract's rule for a reference (UPI transaction id, UTR): letters and digits, at most 50. */
function paymentReference(value: string): string {
  if (!/^[A-Za-z0-9]{1,50}$/.test(value)) {
    throw new InvalidArgumentError('Expected letters and digits only, at most 50.');
  }
  return value;
}

function paymentNote(value: string): string {
  if (value.length > 1000) throw new InvalidArgumentError('Expected at most 1000 characters.');
  return value;
}
