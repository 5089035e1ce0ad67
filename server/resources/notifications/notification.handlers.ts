// The signed-in user's own notification log (docs/rules/notifications.md).
import { sql } from 'kysely';
import type { AppContext } from '@server/context.js';
import type { NotificationLog } from '@server/platform/db/schema.js';
import { found } from '@server/errors.js';
import { requireUser, type Handlers } from '@server/http.js';
import { DEFAULT_PAGE_SIZE } from '@server/platform/paging.js';

/** The notice a log entry belongs to: its first row's id (migration 012). */
const eventOf = sql<number>`coalesce(event_id, id)`;

const logBody = (row: NotificationLog) => ({
  id: row.id,
  subject: row.subject,
  notification_type: row.notification_type,
  channel: row.channel,
  status: row.status,
  sent_at: row.sent_at,
  created_at: row.created_at,
  recipient_email: row.recipient_email,
  recipient_phone: row.recipient_phone,
  error_message: row.error_message,
  provider: row.provider,
});

export function notificationHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  return {
    async listNotificationLogs(request) {
      const user = requireUser(request);
      const query = request.query ?? {};
      let select = db
        .selectFrom('notification_logs')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(200);
      if (query.status) select = select.where('status', '=', query.status);
      if (query.channel) select = select.where('channel', '=', query.channel);
      return (await select.execute()).map(logBody);
    },
    /** One entry per notice, each channel with its status (docs/rules/notifications.md). */
    async listNotificationEvents(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      let events = db
        .selectFrom('notification_logs')
        .select(eventOf.as('event'))
        .where('user_id', '=', user.id)
        .groupBy(eventOf);
      if (query.status) {
        // A message written to the outbox reached no one: it is not among the sent.
        const matches =
          query.status === 'sent'
            ? sql`status = 'sent' and coalesce(provider, '') <> 'outbox'`
            : sql`status = ${query.status}`;
        events = events.having(sql<number>`sum(case when ${matches} then 1 else 0 end)`, '>', 0);
      }
      const [count, page] = await Promise.all([
        db
          .selectFrom(events.as('notices'))
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
        events
          .orderBy(eventOf, 'desc')
          .limit(query.limit ?? DEFAULT_PAGE_SIZE)
          .offset(query.offset ?? 0)
          .execute(),
      ]);
      reply.header('X-Total-Count', String(Number(count.count)));
      const ids = page.map((row) => Number(row.event));
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('notification_logs')
        .select([
          'id',
          'event_id',
          'notification_type',
          'subject',
          'summary',
          'channel',
          'status',
          'created_at',
          'sent_at',
          'recipient_email',
          'recipient_phone',
          'error_message',
          'provider',
          // An SMS body is the short notice itself: the text of notices older than `summary`.
          // The e-mail's body (links, a reset token) never leaves the server.
          sql<string | null>`case when channel = 'sms' then body else null end`.as('sms_body'),
        ])
        .where('user_id', '=', user.id)
        .where(eventOf, 'in', ids)
        .orderBy('id')
        .execute();
      const byEvent = new Map<number, typeof rows>();
      for (const row of rows) {
        const event = row.event_id ?? row.id;
        byEvent.set(event, [...(byEvent.get(event) ?? []), row]);
      }
      return ids.flatMap((id) => {
        const channels = byEvent.get(id);
        const first = channels?.[0];
        if (!channels || !first) return [];
        return [
          {
            id,
            notification_type: first.notification_type,
            title: first.subject,
            text:
              channels.find((row) => row.summary)?.summary ??
              channels.find((row) => row.sms_body)?.sms_body ??
              null,
            created_at: first.created_at,
            channels: channels.map((row) => ({
              log_id: row.id,
              channel: row.channel,
              status: row.status,
              recipient: row.channel === 'email' ? row.recipient_email : row.recipient_phone,
              sent_at: row.sent_at,
              error_message: row.error_message,
              provider: row.provider,
            })),
          },
        ];
      });
    },
    async getNotificationLog(request) {
      const user = requireUser(request);
      const row = await found(
        db
          .selectFrom('notification_logs')
          .selectAll()
          .where('id', '=', request.params.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst(),
      );
      return logBody(row);
    },
    async notificationLogsByType(request) {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('notification_logs')
        .select(['notification_type', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', '=', user.id)
        .groupBy('notification_type')
        .orderBy('notification_type')
        .execute();
      return rows.map((row) => ({
        notification_type: row.notification_type,
        count: Number(row.count),
      }));
    },
    async notificationLogStats(request) {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('notification_logs')
        .select(['status', 'channel', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', '=', user.id)
        .groupBy(['status', 'channel'])
        .execute();
      const byStatus = { sent: 0, failed: 0, pending: 0 };
      const byChannel = { email: 0, sms: 0 };
      let total = 0;
      for (const row of rows) {
        const count = Number(row.count);
        total += count;
        byStatus[row.status] += count;
        byChannel[row.channel] += count;
      }
      return { total, by_status: byStatus, by_channel: byChannel };
    },
  } satisfies Partial<Handlers>;
}
