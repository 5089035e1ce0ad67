// dabba audit: the owner's audit log, newest first.
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand, isoDate, positiveInt } from './shared';

interface AuditFlags {
  action?: string;
  actor?: string;
  objectType?: string;
  objectId?: number;
  since?: string;
  until?: string;
  limit?: number;
}

export function registerAudit(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('audit'), ctx, {
    description: 'the audit log of owner actions, newest first',
    options: (command) =>
      command
        .option('--action <action>', 'one action (refund.mark_paid) or a kind of action (refund)')
        .option('--actor <username>', 'only what this owner did (`system`: the server itself)')
        .option('--object-type <type>', 'leave, refund, feedback, plan, subscription…')
        .option('--object-id <id>', 'with --object-type: one object', positiveInt)
        .option('--since <date>', 'from this business date (YYYY-MM-DD)', isoDate)
        .option('--until <date>', 'up to this business date, included (YYYY-MM-DD)', isoDate)
        .option('--limit <n>', 'at most this many entries (default 50, at most 500)', positiveInt),
    answer: async ({ tableOr, when }, options: AuditFlags) => {
      const { listAudit } = await import('../services/audit');
      const api = await ctx.api();
      const rows = await listAudit(api, {
        limit: Math.min(options.limit ?? 50, 500),
        ...(options.action ? { action: options.action } : {}),
        ...(options.actor ? { actor: options.actor } : {}),
        ...(options.objectType ? { object_type: options.objectType } : {}),
        ...(options.objectId ? { object_id: options.objectId } : {}),
        ...(options.since ? { date_from: options.since } : {}),
        ...(options.until ? { date_to: options.until } : {}),
      });
      return answer(rows, async (entries) => {
        const { businessTimeZone } = await import('../services/api');
        const zone = await businessTimeZone(api);
        return tableOr(
          entries,
          [
            { header: 'When', value: (entry) => when(entry.at, zone) },
            { header: 'Who', value: (entry) => entry.actor },
            { header: 'Action', value: (entry) => entry.action },
            {
              header: 'Object',
              value: (entry) =>
                `${entry.object_type}${entry.object_id === null ? '' : ` #${entry.object_id}`}`,
            },
            { header: 'Summary', value: (entry) => entry.summary },
          ],
          'No audit entries found.',
        );
      });
    },
  });
}
