// dabba erasure list | complete: customers' requests to erase their accounts (issue 23). Completing
// one removes the customer's personal data for good; invoices keep the name they were issued to.
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand, listing } from './shared';

export function registerErasure(program: Command, ctx: CommandContext): void {
  const erasure = program
    .command('erasure')
    .description("customers' requests to erase their accounts (the owner completes them)");

  answerCommand(erasure.command('list', { isDefault: true }), ctx, {
    description: 'every erasure request, waiting ones first, with what blocks completing one',
    answer: async () => {
      const { erasureBlocker, erasureStatusLabel, listErasureRequests } =
        await import('../services/erasure');
      return listing(
        await listErasureRequests(await ctx.api()),
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer.full_name },
          { header: 'STATUS', value: (row) => erasureStatusLabel(row) },
          { header: 'ASKED', value: (row) => row.requested_at.slice(0, 10) },
          { header: 'BLOCKED BY', value: (row) => erasureBlocker(row) },
        ],
        'No customer has asked for erasure.',
      );
    },
  });

  answerCommand(erasure.command('complete'), ctx, {
    description: "erase a customer's account (asks first unless --yes; cannot be undone)",
    id: "the request's id (dabba erasure list)",
    options: (command) => command.option('-y, --yes', 'do not ask for confirmation'),
    answer: async (_output, id: number, options: { yes?: boolean }) => {
      const { completeErasure } = await import('../services/erasure');
      const done = await completeErasure(await ctx.api(), ctx.io, id, options.yes === true);
      if (!done) {
        ctx.io.stderr.write('Nothing was changed.\n');
        return undefined;
      }
      return answer(
        done,
        (erased) =>
          `Erased the account of request ${erased.id}: now ${erased.customer.full_name}. ` +
          'Invoices keep the name they were issued to.\n',
      );
    },
  });
}
