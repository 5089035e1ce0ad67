// dabba erasure list | complete: customers' requests to erase their accounts (issue 23). Completing
// one removes the customer's personal data for good; invoices keep the name they were issued to.
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption, positiveInt } from './shared';

export function registerErasure(program: Command, ctx: CommandContext): void {
  const erasure = program
    .command('erasure')
    .description("customers' requests to erase their accounts (the owner completes them)");

  erasure
    .command('list', { isDefault: true })
    .description('every erasure request, waiting ones first, with what blocks completing one')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { erasureBlocker, erasureStatusLabel, listErasureRequests } =
        await import('../services/erasure');
      const rows = await listErasureRequests(await ctx.api());
      const { printJson, printTable } = await import('../output');
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer.full_name },
          { header: 'STATUS', value: (row) => erasureStatusLabel(row) },
          { header: 'ASKED', value: (row) => row.requested_at.slice(0, 10) },
          { header: 'BLOCKED BY', value: (row) => erasureBlocker(row) },
        ],
        'No customer has asked for erasure.',
      );
    });

  erasure
    .command('complete')
    .description("erase a customer's account (asks first unless --yes; cannot be undone)")
    .argument('<id>', "the request's id (dabba erasure list)", positiveInt)
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean; yes?: boolean }) => {
      const { completeErasure } = await import('../services/erasure');
      const done = await completeErasure(await ctx.api(), ctx.io, id, options.yes === true);
      if (!done) {
        ctx.io.stderr.write('Nothing was changed.\n');
        return;
      }
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, done);
      }
      ctx.io.stdout.write(
        `Erased the account of request ${done.id}: now ${done.customer.full_name}. ` +
          'Invoices keep the name they were issued to.\n',
      );
    });
}
