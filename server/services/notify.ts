// Notices to customers and to the owner: an e-mail for every event, plus an SMS where the customer
// benefits. The lifecycle stores send them after their transaction commits. Each notice is written
// in its recipient's language (users.language), from the catalogue keys its builder names.
import { hasEmail } from '@machines/walk-in';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import { localizer, type Localizer } from '@server/platform/i18n.js';
import type { Notifier } from './notifier.js';
import { templateParameter, type WhatsappNotice } from './whatsapp/templates.js';

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
  /** The notice as a WhatsApp template (with `sms`): sent there instead when the customer agreed. */
  whatsapp?: WhatsappNotice;
}

/**
 * Writes a notice in the language it is given. A notice is built per recipient, since the
 * language is the recipient's: every text of it (subject, body, SMS, summary) in that language.
 */
export type NoticeBuilder<T> = (l: Localizer) => T;

/** A notice's paragraphs as one line, for the notification history. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sends to the customer's e-mail and phone. Never throws: a failed send is retried by the scheduler. */
export async function notifyCustomer(
  ctx: NoticeDeps,
  userId: number,
  build: NoticeBuilder<CustomerMessage>,
): Promise<void> {
  let type = 'unknown';
  try {
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select(['email', 'phone', 'first_name', 'username', 'language'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const l = localizer(user.language);
    const message = build(l);
    type = message.type;
    const { business } = ctx.config;
    const greeting = l.t('notice.greeting', { name: user.first_name || user.username });
    const signature = l.t('notice.signature', {
      business: business.name,
      phone: business.phone,
      email: business.email,
    });
    await ctx.notifier.notify({
      userId,
      type: message.type,
      subject: message.subject,
      summary: message.summary ?? oneLine(message.text),
      // A walk-in who gave no e-mail address is told by SMS only.
      ...(hasEmail(user.email)
        ? { email: { to: user.email, text: `${greeting}\n\n${message.text}\n\n${signature}` } }
        : {}),
      ...(message.sms ? { sms: { to: user.phone, body: message.sms } } : {}),
      ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
      ...(message.throttle ? { throttle: message.throttle } : {}),
      ...(message.whatsapp && message.sms
        ? {
            whatsapp: {
              notice: {
                template: message.whatsapp.template,
                parameters: message.whatsapp.parameters.map(templateParameter),
              },
              language: user.language,
            },
          }
        : {}),
    });
  } catch (error) {
    ctx.log.error({ err: error, type }, 'could not notify customer');
  }
}

export interface OwnerMessage {
  type: string;
  subject: string;
  text: string;
  summary?: string;
  throttle?: string;
  /** The customer the notice names: erasing them empties it (notification_logs.about_user_id). */
  about?: number;
}

/** E-mails every active mess owner, each in their own language. Never throws. */
export async function notifyOwners(
  ctx: NoticeDeps,
  build: NoticeBuilder<OwnerMessage>,
): Promise<void> {
  let type = 'unknown';
  try {
    const owners = await ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'email', 'language'])
      .where('user_type', '=', 'mess_owner')
      .where('is_active', '=', true)
      .execute();
    for (const owner of owners) {
      const message = build(localizer(owner.language));
      type = message.type;
      await ctx.notifier.notify({
        userId: owner.id,
        type: message.type,
        subject: message.subject,
        summary: message.summary ?? oneLine(message.text),
        email: { to: owner.email, text: message.text },
        ...(message.throttle ? { throttle: message.throttle } : {}),
        ...(message.about !== undefined ? { aboutUserId: message.about } : {}),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error, type }, 'could not notify the owner');
  }
}
