// dabba feedback list | show | respond
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { refusedError } from '../errors';
import { answer, answerCommand, dryRunOption, fields, listing, statusOption } from './shared';
import { FEEDBACK_PRIORITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@machines/feedback';
import { formatPhone } from '@machines/shared';

const STATUSES = FEEDBACK_STATUSES;
const PRIORITIES = FEEDBACK_PRIORITIES;
const TYPES = FEEDBACK_TYPES;

export function registerFeedback(program: Command, ctx: CommandContext): void {
  const feedback = program.command('feedback').description("customers' feedback and complaints");

  answerCommand(feedback.command('list'), ctx, {
    description: 'list feedback, newest first',
    options: (command) =>
      command
        .addOption(statusOption(STATUSES))
        .addOption(new Option('--priority <priority>', 'only this priority').choices(PRIORITIES))
        .addOption(new Option('--type <type>', 'only this type').choices(TYPES))
        .option('--search <text>', 'subject, message, username or e-mail contains this'),
    answer: async (
      { day, statusLabel },
      options: {
        status?: (typeof STATUSES)[number];
        priority?: (typeof PRIORITIES)[number];
        type?: (typeof TYPES)[number];
        search?: string;
      },
    ) => {
      const { listFeedback } = await import('../services/feedback');
      const rows = await listFeedback(await ctx.api(), {
        ...(options.status ? { status: options.status } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
        ...(options.type ? { feedback_type: options.type } : {}),
        ...(options.search ? { search: options.search } : {}),
      });
      return listing(
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
  });

  answerCommand(feedback.command('show'), ctx, {
    description: 'show one feedback with the customer and the response',
    id: 'feedback id',
    answer: async ({ day, statusLabel }, id: number) => {
      const { getFeedback } = await import('../services/feedback');
      const item = await getFeedback(await ctx.api(), id);
      return fields(item, [
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
    },
  });

  answerCommand(feedback.command('respond'), ctx, {
    description: 'answer feedback and mark it resolved or closed',
    id: 'feedback id',
    options: (command) =>
      command
        .requiredOption('--message <text>', 'the response the customer sees')
        .addOption(
          new Option('--status <status>', 'mark it as')
            .choices(['resolved', 'closed'])
            .default('resolved'),
        )
        .addOption(dryRunOption()),
    answer: async (
      _output,
      id: number,
      options: { message: string; status: 'resolved' | 'closed'; dryRun?: boolean },
    ) => {
      const service = await import('../services/feedback');
      const api = await ctx.api();
      if (options.dryRun) {
        const item = await service.getFeedback(api, id);
        const decision = service.previewResponse(item, options.message, options.status);
        if (!decision.ok) throw refusedError(decision.message, undefined, decision.code);
        return answer(
          { id, ok: true, dry_run: true, status: decision.next },
          () =>
            `Would respond to feedback #${id} "${item.subject}" and mark it ${String(decision.next)} (now ${item.status}).\n`,
        );
      }
      const item = await service.respondToFeedback(api, id, options.message, options.status);
      // The message of the web app's "Updated" notice.
      return answer(item, (saved) => `Response saved and status marked as ${saved.status}.\n`);
    },
  });
}
