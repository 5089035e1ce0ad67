// dabba feedback list | show | respond
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { refusedError } from '../errors';
import { dryRunOption, jsonOption, positiveInt } from './shared';
import { FEEDBACK_PRIORITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@machines/feedback';
import { formatPhone } from '@machines/shared';

const STATUSES = FEEDBACK_STATUSES;
const PRIORITIES = FEEDBACK_PRIORITIES;
const TYPES = FEEDBACK_TYPES;

export function registerFeedback(program: Command, ctx: CommandContext): void {
  const feedback = program.command('feedback').description("customers' feedback and complaints");

  feedback
    .command('list')
    .description('list feedback, newest first')
    .addOption(new Option('--status <status>', 'only this status').choices(STATUSES))
    .addOption(new Option('--priority <priority>', 'only this priority').choices(PRIORITIES))
    .addOption(new Option('--type <type>', 'only this type').choices(TYPES))
    .option('--search <text>', 'subject, message, username or e-mail contains this')
    .addOption(jsonOption())
    .action(
      async (options: {
        status?: (typeof STATUSES)[number];
        priority?: (typeof PRIORITIES)[number];
        type?: (typeof TYPES)[number];
        search?: string;
        json?: boolean;
      }) => {
        const { listFeedback } = await import('../services/feedback');
        const { day, printJson, printTable, statusLabel } = await import('../output');
        const rows = await listFeedback(await ctx.api(), {
          ...(options.status ? { status: options.status } : {}),
          ...(options.priority ? { priority: options.priority } : {}),
          ...(options.type ? { feedback_type: options.type } : {}),
          ...(options.search ? { search: options.search } : {}),
        });
        if (options.json) return printJson(ctx.io.stdout, rows);
        printTable(
          ctx.io.stdout,
          rows,
          [
            { header: 'ID', value: (item) => item.id, right: true },
            { header: 'Status', value: (item) => statusLabel(item.status) },
            { header: 'Priority', value: (item) => item.priority },
            { header: 'Type', value: (item) => item.feedback_type },
            { header: 'User', value: (item) => item.user.username },
            { header: 'Rating', value: (item) => `${item.rating}/5` },
            { header: 'Date', value: (item) => day(item.created_at) },
            { header: 'Subject', value: (item) => item.subject },
          ],
          'No Feedback Found',
        );
      },
    );

  feedback
    .command('show')
    .description('show one feedback with the customer and the response')
    .argument('<id>', 'feedback id', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { getFeedback } = await import('../services/feedback');
      const { day, printFields, printJson, statusLabel } = await import('../output');
      const item = await getFeedback(await ctx.api(), id);
      if (options.json) return printJson(ctx.io.stdout, item);
      printFields(ctx.io.stdout, [
        ['Feedback', `#${item.id} ${item.subject}`],
        ['Type', item.feedback_type],
        ['Status', statusLabel(item.status)],
        ['Priority', item.priority],
        ['Rating', `${item.rating}/5`],
        ['Date', day(item.created_at)],
        ['Meal', item.meal_date ? `${item.meal_date} ${item.meal_type ?? ''}`.trim() : null],
        [
          'User',
          `${item.user.username} (${item.user.user_type}, ${statusLabel(item.user.status)})`,
        ],
        ['E-mail', item.user.email],
        ['Phone', formatPhone(item.user.phone)],
        [
          'Attachments',
          item.attachments
            .map((file) => `${file.original_filename} (${Math.round(file.file_size / 1024)} KB)`)
            .join(', '),
        ],
        ['Message', item.message],
        ['Response', item.admin_response],
        ['Responded', day(item.responded_at)],
      ]);
    });

  feedback
    .command('respond')
    .description('answer feedback and mark it resolved or closed')
    .argument('<id>', 'feedback id', positiveInt)
    .requiredOption('--message <text>', 'the response the customer sees')
    .addOption(
      new Option('--status <status>', 'mark it as')
        .choices(['resolved', 'closed'])
        .default('resolved'),
    )
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(
      async (
        id: number,
        options: {
          message: string;
          status: 'resolved' | 'closed';
          dryRun?: boolean;
          json?: boolean;
        },
      ) => {
        const service = await import('../services/feedback');
        const { printJson } = await import('../output');
        const api = await ctx.api();
        if (options.dryRun) {
          const item = await service.getFeedback(api, id);
          const decision = service.previewResponse(item, options.message, options.status);
          if (!decision.ok) throw refusedError(decision.message, undefined, decision.code);
          if (options.json) {
            return printJson(ctx.io.stdout, { id, ok: true, dry_run: true, status: decision.next });
          }
          ctx.io.stdout.write(
            `Would respond to feedback #${id} "${item.subject}" and mark it ${String(decision.next)} (now ${item.status}).\n`,
          );
          return;
        }
        const item = await service.respondToFeedback(api, id, options.message, options.status);
        if (options.json) return printJson(ctx.io.stdout, item);
        // The message of the web app's "Updated" notice.
        ctx.io.stdout.write(`Response saved and status marked as ${item.status}.\n`);
      },
    );
}
