// dabba refunds list | show | approve | reject | mark-paid
import { REFUND_STATUSES } from '@machines/refund';
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answerCommand, decisionCommand, fields, listing, statusOption } from './shared';

/** The --status choices: the lifecycle's statuses, in lower case as flags are written. */
const STATUSES = REFUND_STATUSES.map((status) => status.toLowerCase());

export function registerRefunds(program: Command, ctx: CommandContext): void {
  const refunds = program.command('refunds').description('refunds of cancelled subscriptions');

  answerCommand(refunds.command('list'), ctx, {
    description: 'list refunds, newest first',
    options: (command) => command.addOption(statusOption(STATUSES)),
    answer: async (
      { day, rupees, statusLabel },
      options: { status?: (typeof STATUSES)[number] },
    ) => {
      const { listRefunds, payoutCell } = await import('../services/refund');
      const rows = await listRefunds(
        await ctx.api(),
        options.status?.toUpperCase() as 'PENDING' | undefined,
      );
      return listing(
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
    },
  });

  answerCommand(refunds.command('show'), ctx, {
    description:
      'show one refund and where to pay it (in full only while it is approved and waiting to be paid)',
    id: 'refund id',
    answer: async ({ day, rupees, statusLabel }, id: number) => {
      const { describePayout, showRefund } = await import('../services/refund');
      const { refund, payoutToPay } = await showRefund(await ctx.api(), id);
      const payTo: Array<readonly [string, string | null]> = [];
      if (payoutToPay?.method === 'upi') payTo.push(['UPI ID', payoutToPay.upi_id]);
      if (payoutToPay?.method === 'bank') {
        payTo.push(
          ['Account holder', payoutToPay.account_holder_name],
          ['Account number', payoutToPay.account_number],
          ['IFSC', payoutToPay.ifsc],
        );
      }
      return fields({ ...refund, payout_to_pay: payoutToPay }, [
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
    },
  });

  const actions = [
    { name: 'approve', action: 'approve', help: 'approve pending refunds' },
    { name: 'reject', action: 'reject', help: 'reject pending refunds' },
    { name: 'mark-paid', action: 'mark_paid', help: 'mark approved refunds as paid' },
  ] as const;
  for (const { name, action, help } of actions) {
    const command = decisionCommand(refunds.command(name), ctx, {
      description: help,
      noun: 'refund',
      // "Pending" for mark-paid means approved refunds waiting for the transfer.
      pending:
        action === 'mark_paid'
          ? 'every approved refund waiting to be paid'
          : 'every pending refund',
      target: async (api, { comment, utr }: { comment: string; utr?: string }) => {
        const { refundDecisions } = await import('../services/refund');
        // An empty --utr is none.
        return refundDecisions(api, action, comment, utr || undefined);
      },
    });
    if (action === 'mark_paid') {
      command.option('--utr <ref>', "the bank transfer's UTR reference");
    }
  }
}
