// The signed-in user's own notification log (README: Business rules → Notifications).
import type { AppContext } from '../context.js';
import type { NotificationLog } from '../db/schema.js';
import { notFound } from '../errors.js';
import { requireUser, type Handlers } from '../http.js';

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
    async getNotificationLog(request) {
      const user = requireUser(request);
      const row = await db
        .selectFrom('notification_logs')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!row) throw notFound();
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
