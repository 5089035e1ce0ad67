// Notices to customers and to the owner: an e-mail for every event, plus an SMS where the customer
// benefits. The lifecycle stores send them after their transaction commits.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { formatCalendarDate, isIsoDate } from '../../machines/shared/dates.js';
import type { Notifier } from './notifier.js';

/** What sending a notice needs. */
export interface NoticeDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  notifier: Notifier;
}

export interface CustomerMessage {
  type: string;
  subject: string;
  text: string;
  /** For the notification history; default: the text itself. Give one when the text has links. */
  summary?: string;
  /** A short SMS; omitted when an e-mail is enough. */
  sms?: string;
  /** At most one message per key (reminders). */
  dedupeKey?: string;
  /** The object of a notice the customer can repeat: at most one an hour (see NotificationRequest). */
  throttle?: string;
}

/** '2026-11-24' as '24 Nov 2026', for the history's sentences. */
export function noticeDate(date: string | null | undefined): string {
  return date && isIsoDate(date) ? formatCalendarDate(date) : (date ?? '');
}

/** A notice's paragraphs as one line, for the notification history. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sends to the customer's e-mail and phone. Never throws: a failed send is retried by the scheduler. */
export async function notifyCustomer(
  ctx: NoticeDeps,
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
      summary: message.summary ?? oneLine(message.text),
      email: { to: user.email, text: greeting + message.text + signature },
      ...(message.sms ? { sms: { to: user.phone, body: message.sms } } : {}),
      ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
      ...(message.throttle ? { throttle: message.throttle } : {}),
    });
  } catch (error) {
    ctx.log.error({ err: error, type: message.type }, 'could not notify customer');
  }
}

export interface OwnerMessage {
  type: string;
  subject: string;
  text: string;
  summary?: string;
  throttle?: string;
}

/** E-mails every active mess owner. Never throws. */
export async function notifyOwners(ctx: NoticeDeps, message: OwnerMessage): Promise<void> {
  try {
    const owners = await ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'email'])
      .where('user_type', '=', 'mess_owner')
      .where('is_active', '=', true)
      .execute();
    for (const owner of owners) {
      await ctx.notifier.notify({
        userId: owner.id,
        type: message.type,
        subject: message.subject,
        summary: message.summary ?? oneLine(message.text),
        email: { to: owner.email, text: message.text },
        ...(message.throttle ? { throttle: message.throttle } : {}),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, type: message.type }, 'could not notify the owner');
  }
}

export { formatInr as formatRupees } from './receipts.js';
