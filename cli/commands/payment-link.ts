// dabba links create | list | cancel: UPI payment links the customer pays on their phone; each is
// paid once, and its payment settles the subscription like any other (docs/rules/payment-link.md).
import type { Command } from 'commander';
import type { PaymentLinkStatus } from '../services/payment-link';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { jsonOption, money, positiveInt } from './shared';

export function registerLinks(program: Command, ctx: CommandContext): void {
  const links = program
    .command('links')
    .description('UPI payment links for what a subscription owes');

  links
    .command('list', { isDefault: true })
    .description('every payment link, the newest first')
    .option('--status <status>', 'only created, paid, expired or cancelled ones')
    .option('--user <id>', "only this customer's", positiveInt)
    .addOption(jsonOption())
    .action(async (options: { status?: string; user?: number; json?: boolean }) => {
      // Checked here, not while parsing: the statuses' module stays out of what --help loads.
      const { PAYMENT_LINK_STATUSES } = await import('@machines/payment-link/payment-link.rules');
      if (
        options.status &&
        !(PAYMENT_LINK_STATUSES as readonly string[]).includes(options.status)
      ) {
        throw usageError(`--status must be one of ${PAYMENT_LINK_STATUSES.join(', ')}.`);
      }
      const { listPaymentLinks } = await import('../services/payment-link');
      const rows = await listPaymentLinks(await ctx.api(), {
        ...(options.status ? { status: options.status as PaymentLinkStatus } : {}),
        ...(options.user ? { user: options.user } : {}),
      });
      const { printJson, printTable, rupees } = await import('../output');
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'SUBSCRIPTION', value: (row) => `#${row.subscription}`, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer_name },
          { header: 'AMOUNT', value: (row) => rupees(row.amount), right: true },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'EXPIRES', value: (row) => row.expire_by.slice(0, 10) },
          { header: 'LINK', value: (row) => row.short_url },
        ],
        'No payment links.',
      );
    });

  links
    .command('create')
    .description('send a payment link for what a subscription owes (or --amount of it)')
    .requiredOption('--subscription <id>', 'the subscription', positiveInt)
    .option('--amount <rupees>', 'part of what is due; all of it when left out', money)
    .addOption(jsonOption())
    .action(async (options: { subscription: number; amount?: number; json?: boolean }) => {
      const { createPaymentLink, describePaymentLink } = await import('../services/payment-link');
      const link = await createPaymentLink(await ctx.api(), {
        subscription: options.subscription,
        ...(options.amount === undefined ? {} : { amount: options.amount }),
      });
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, link);
      }
      ctx.io.stdout.write(describePaymentLink(link));
    });

  links
    .command('cancel')
    .description('cancel a payment link that is waiting for payment')
    .argument('<id>', 'the payment link', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { cancelPaymentLink, describePaymentLink } = await import('../services/payment-link');
      const link = await cancelPaymentLink(await ctx.api(), id);
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, link);
      }
      ctx.io.stdout.write(describePaymentLink(link));
    });
}
