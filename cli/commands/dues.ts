// dabba dues [--overdue] [--held] [--age A] [--search S] [--csv FILE] | dabba dues summary | dabba dues
// statement ID | dabba dues refund-advance ID: who owes what, oldest dues first, and paying back an
// advance (docs/rules/dues.md).
import { Option, type Command } from 'commander';
import { formatPhone } from '@machines/shared';
import type { CommandContext } from '../context';
import { OFFLINE_PAYMENT_MODES, type OfflinePaymentMode } from '@machines/payment';
import { answer, answerCommand, csvTo, dryRunOption, fields, listing, money } from './shared';

type ListOptions = {
  status?: 'owing' | 'due' | 'overdue' | 'in_credit';
  overdue?: boolean;
  held?: boolean;
  age?: '0_15' | '16_30' | 'over_30';
  search?: string;
  csv?: string;
};

export function registerDues(program: Command, ctx: CommandContext): void {
  const dues = program
    .command('dues')
    .description("who owes what: every customer's dues, oldest first; a summary; a statement");

  answerCommand(dues.command('list', { isDefault: true }), ctx, {
    description: 'customers who owe (or are in credit), oldest dues first',
    options: (command) =>
      command
        .addOption(
          new Option('--status <status>', 'owing, due, overdue or in_credit')
            .choices(['owing', 'due', 'overdue', 'in_credit'])
            .default('owing'),
        )
        .option('--overdue', 'only dues older than 15 days (same as --status overdue)')
        .option('--held', 'only customers the dues hold pauses now (Settings: payments.hold)')
        .addOption(
          new Option('--age <age>', 'only one age group').choices(['0_15', '16_30', 'over_30']),
        )
        .option('--search <text>', 'name, username, phone or e-mail')
        .option('--csv <file>', 'write every matching row as CSV for Excel ("-" for stdout)'),
    answer: async ({ rupees }, options: ListOptions) => {
      const api = await ctx.api();
      const query = {
        status: options.overdue ? ('overdue' as const) : options.status,
        ...(options.age ? { age: options.age } : {}),
        ...(options.held ? { held: true } : {}),
        ...(options.search ? { search: options.search } : {}),
      };
      const service = await import('../services/dues');
      if (options.csv) {
        const file = await csvTo(ctx, options.csv, (path) => service.duesCsv(api, query, path));
        if (file) ctx.io.stdout.write(`Wrote ${file}\n`);
        return undefined;
      }
      return listing(
        await service.listDues(api, query),
        [
          { header: 'ID', value: (row) => row.customer.id, right: true },
          { header: 'CUSTOMER', value: (row) => row.customer.full_name },
          // As `dabba kitchen` writes it (+91 98123 45678); --json keeps the stored form.
          {
            header: 'PHONE',
            value: (row) => (row.customer.phone ? formatPhone(row.customer.phone) : ''),
          },
          { header: 'OWES', value: (row) => rupees(row.balance), right: true },
          { header: 'SINCE', value: (row) => row.due_since ?? '' },
          { header: 'DAYS', value: (row) => row.days_due, right: true },
          { header: 'STATUS', value: (row) => row.status },
          { header: 'HELD', value: (row) => service.heldText(row.hold, rupees) },
        ],
        options.held ? 'Nobody is held for dues.' : 'Nobody owes anything.',
      );
    },
  });

  answerCommand(dues.command('summary'), ctx, {
    description: 'what all customers owe, by age (0–15, 16–30, over 30 days)',
    answer: async ({ rupees }) => {
      const { duesSummary } = await import('../services/dues');
      const summary = await duesSummary(await ctx.api());
      return fields(summary, [
        ['Total due', `${rupees(summary.total_due)} (${summary.customers_due} customers)`],
        ['Overdue', `${rupees(summary.overdue_total)} (${summary.customers_overdue} customers)`],
        ...summary.ages.map(
          (age) =>
            [
              `${age.age.replace('_', '–').replace('over–', 'over ')} days`,
              `${rupees(age.amount)} (${age.customers})`,
            ] as const,
        ),
        ['Owed to customers', rupees(summary.in_credit_total)],
      ]);
    },
  });

  answerCommand(dues.command('statement'), ctx, {
    description: "one customer's statement: every charge, payment, credit and refund",
    id: 'the customer (user id)',
    answer: async ({ rupees, tableOr }, id: number) => {
      const { customerStatement, heldText } = await import('../services/dues');
      return answer(
        await customerStatement(await ctx.api(), id),
        (statement) =>
          `${statement.customer.full_name} (${statement.customer.username}): ` +
          `${statement.balance >= 0 ? 'owes' : 'in credit'} ${rupees(Math.abs(statement.balance))}, ${statement.status}` +
          `${statement.due_since ? `, due since ${statement.due_since}` : ''}` +
          `${statement.advance > 0 ? `; advance held ${rupees(statement.advance)}` : ''}` +
          `${statement.hold ? `; meals paused (held: ${heldText(statement.hold, rupees)})` : ''}\n` +
          tableOr(
            statement.entries,
            [
              { header: 'DATE', value: (entry) => entry.occurred_on },
              { header: 'ENTRY', value: (entry) => entry.description },
              { header: 'AMOUNT', value: (entry) => rupees(entry.amount), right: true },
              { header: 'BALANCE', value: (entry) => rupees(entry.balance), right: true },
            ],
            'No charges or payments yet.',
          ),
      );
    },
  });

  answerCommand(dues.command('refund-advance'), ctx, {
    description:
      "pay back a customer's advance (money paid beyond what they owed), in one step, with its credit note",
    id: 'the customer (user id)',
    options: (command) =>
      command
        .requiredOption(
          '--amount <rupees>',
          'how much to pay back (at most the advance held)',
          money,
        )
        .addOption(
          new Option('--method <method>', 'how it was paid back')
            .choices([...OFFLINE_PAYMENT_MODES])
            .makeOptionMandatory(),
        )
        .option('--reference <ref>', 'the UPI or bank transfer reference (required for those)')
        .requiredOption('--comment <text>', 'a comment for the customer')
        .addOption(dryRunOption()),
    answer: async (
      { rupees },
      id: number,
      options: {
        amount: number;
        method: OfflinePaymentMode;
        reference?: string;
        comment: string;
        dryRun?: boolean;
      },
    ) => {
      const { refundAdvance } = await import('../services/dues');
      const { statement, refunded } = await refundAdvance(await ctx.api(), id, {
        amount: options.amount,
        method: options.method,
        reference: options.reference ?? null,
        comment: options.comment,
        dryRun: options.dryRun === true,
      });
      const who = `${statement.customer.full_name} (${statement.customer.username})`;
      if (!refunded) {
        return answer(
          {
            dry_run: true,
            customer: statement.customer.id,
            amount: options.amount,
            advance_held: statement.advance,
          },
          () =>
            `Would pay back ${rupees(options.amount)} of the ${rupees(statement.advance)} advance ` +
            `${who} holds.\n`,
        );
      }
      return answer(
        refunded,
        (paid) =>
          `Paid back ${rupees(paid.amount)} to ${who}` +
          `${paid.credit_note ? `, credit note ${paid.credit_note.number}` : ''}; ` +
          `advance left ${rupees(paid.advance_left)}.\n`,
      );
    },
  });
}
