// dabba links create | list | cancel: UPI payment links the customer pays on their phone; each is
// paid once, and its payment settles the subscription like any other (docs/rules/payment-link.md).
import type { Command } from 'commander';
import type { PaymentLinkStatus } from '../services/payment-link';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { answer, answerCommand, listing, owed, owedOptions, positiveInt } from './shared';

export function registerLinks(program: Command, ctx: CommandContext): void {
  const links = program
    .command('links')
    .description('UPI payment links for what a subscription owes');

  answerCommand(links.command('list', { isDefault: true }), ctx, {
    description: 'every payment link, the newest first',
    options: (command) =>
      command
        .option('--status <status>', 'only created, paid, expired or cancelled ones')
        .option('--user <id>', "only this customer's", positiveInt),
    answer: async ({ rupees }, options: { status?: string; user?: number }) => {
      // Checked here, not while parsing: the statuses' module stays out of what --help loads.
      const { PAYMENT_LINK_STATUSES } = await import('@machines/payment-link/payment-link.types');
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
      return listing(
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
    },
  });

  answerCommand(links.command('create'), ctx, {
    description: 'send a payment link for what a subscription owes (or --amount of it)',
    options: owedOptions,
    answer: async (_output, options: { subscription: number; amount?: number }) => {
      const { createPaymentLink, describePaymentLink } = await import('../services/payment-link');
      const link = await createPaymentLink(await ctx.api(), owed(options));
      return answer(link, describePaymentLink);
    },
  });

  answerCommand(links.command('cancel'), ctx, {
    description: 'cancel a payment link that is waiting for payment',
    id: 'the payment link',
    answer: async (_output, id: number) => {
      const { cancelPaymentLink, describePaymentLink } = await import('../services/payment-link');
      return answer(await cancelPaymentLink(await ctx.api(), id), describePaymentLink);
    },
  });
}
