// Commerce notifications: an e-mail for every event, plus an SMS where the customer benefits.
import type { AppContext } from '../../context.js';

export interface CustomerMessage {
  type: string;
  subject: string;
  text: string;
  /** A short SMS; omitted when an e-mail is enough. */
  sms?: string;
  /** At most one message per key (reminders). */
  dedupeKey?: string;
}

/** Sends to the customer's e-mail and phone. Never throws: a failed send is retried by the scheduler. */
export async function notifyCustomer(
  ctx: AppContext,
  userId: number,
  message: CustomerMessage,
): Promise<void> {
  try {
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select(['email', 'phone', 'first_name', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const greeting = `Hello ${user.first_name || user.username},\n\n`;
    const signature = `\n\n${ctx.config.business.name}\n${ctx.config.business.phone} · ${ctx.config.business.email}`;
    await ctx.notifier.notify({
      userId,
      type: message.type,
      subject: message.subject,
      email: { to: user.email, text: greeting + message.text + signature },
      ...(message.sms ? { sms: { to: user.phone, body: message.sms } } : {}),
      ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
    });
  } catch (error) {
    ctx.log.error({ err: error, type: message.type }, 'could not notify customer');
  }
}

export { formatInr as formatRupees } from '../receipts.js';
