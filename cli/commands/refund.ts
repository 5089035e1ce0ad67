// dabba refunds list | show | approve | reject | mark-paid
import { REFUND_STATUSES } from '@machines/refund';
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { dryRunOption, idsOrAllPending, jsonOption, positiveInt } from './shared';

/** The --status choices: the lifecycle's statuses, in lower case as flags are written. */
const STATUSES = REFUND_STATUSES.map((status) => status.toLowerCase());

interface DecisionFlags {
  comment: string;
  allPending?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
  utr?: string;
}

export function registerRefunds(program: Command, ctx: CommandContext): void {
  const refunds = program.command('refunds').description('refunds of cancelled subscriptions');

  refunds
    .command('list')
    .description('list refunds, newest first')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .addOption(jsonOption())
    .action(async (options: { status?: (typeof STATUSES)[number]; json?: boolean }) => {
      const { listRefunds, payoutCell } = await import('../services/refund');
      const { day, printJson, printTable, rupees, statusLabel } = await import('../output');
      const rows = await listRefunds(
        await ctx.api(),
        options.status?.toUpperCase() as 'PENDING' | undefined,
      );
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (refund) => refund.id, right: true },
          { header: 'User', value: (refund) => refund.user.full_name || refund.user.username },
          { header: 'Amount', value: (refund) => rupees(refund.amount), right: true },
          { header: 'Status', value: (refund) => statusLabel(refund.status) },
          { header: 'Requested At', value: (refund) => day(refund.requested_at) },
          { header: 'Plan', value: (refund) => refund.subscription.plan_name },
          { header: 'Payout', value: payoutCell },
          { header: 'Comment', value: (refund) => refund.admin_comment },
        ],
        'No refunds found.',
      );
    });

  refunds
    .command('show')
    .description(
      'show one refund and where to pay it (in full only while it is approved and waiting to be paid)',
    )
    .argument('<id>', 'refund id', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { describePayout, showRefund } = await import('../services/refund');
      const { day, printFields, printJson, rupees, statusLabel } = await import('../output');
      const { refund, payoutToPay } = await showRefund(await ctx.api(), id);
      if (options.json) return printJson(ctx.io.stdout, { ...refund, payout_to_pay: payoutToPay });
      const payTo: Array<readonly [string, string | null]> = [];
      if (payoutToPay?.method === 'upi') payTo.push(['UPI ID', payoutToPay.upi_id]);
      if (payoutToPay?.method === 'bank') {
        payTo.push(
          ['Account holder', payoutToPay.account_holder_name],
          ['Account number', payoutToPay.account_number],
          ['IFSC', payoutToPay.ifsc],
        );
      }
      printFields(ctx.io.stdout, [
        ['Refund', `#${refund.id}`],
        ['Status', statusLabel(refund.status)],
        ['Amount', rupees(refund.amount)],
        ['Customer', `${refund.user.full_name || refund.user.username} (${refund.user.username})`],
        ['Plan', refund.subscription.plan_name],
        ['Subscription', `#${refund.subscription.id} ${statusLabel(refund.subscription.status)}`],
        ['Payment', refund.original_payment.transaction_id],
        ['Requested', day(refund.requested_at)],
        ['Processed', day(refund.processed_at)],
        [
          'Payout',
          payoutToPay
            ? `${payoutToPay.method === 'upi' ? 'UPI' : 'Bank transfer'}, pay to:`
            : describePayout(refund.payout),
        ],
        ...payTo,
        ['Paid at', day(refund.paid_at)],
        ['UTR', refund.utr],
        ['Comment', refund.admin_comment],
      ]);
    });

  const actions = [
    { name: 'approve', action: 'approve', help: 'approve pending refunds' },
    { name: 'reject', action: 'reject', help: 'reject pending refunds' },
    { name: 'mark-paid', action: 'mark_paid', help: 'mark approved refunds as paid' },
  ] as const;
  for (const { name, action, help } of actions) {
    const command = refunds
      .command(name)
      .description(help)
      .argument('[ids...]', 'refund ids')
      .requiredOption('--comment <text>', 'the admin comment the customer sees (required)')
      .option(
        '--all-pending',
        action === 'mark_paid'
          ? 'every approved refund waiting to be paid (asks first unless --yes)'
          : 'every pending refund (asks first unless --yes)',
      )
      .option('-y, --yes', 'do not ask for confirmation')
      .addOption(dryRunOption())
      .addOption(jsonOption());
    if (action === 'mark_paid') {
      command.option('--utr <ref>', "the bank transfer's UTR reference");
    }
    command.action(async (ids: string[], options: DecisionFlags) => {
      const targets = idsOrAllPending(ids, options.allPending, 'refund');
      const { decideRefunds } = await import('../services/refund');
      await decideRefunds(ctx.io, await ctx.api(), action, options.comment, {
        ids: targets,
        dryRun: options.dryRun === true,
        yes: options.yes === true,
        json: options.json === true,
        ...(options.utr ? { utr: options.utr } : {}),
      });
    });
  }
}
