// Every e-mail and SMS goes through here: it is written to the notification log first, then sent.
// A failed send never fails the caller's request; the scheduler retries it later. A notice with a
// WhatsApp form goes to the WhatsApp queue instead of its SMS when the customer agreed to WhatsApp
// (services/whatsapp/queue.ts, which sends the SMS through here if WhatsApp cannot carry it).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@server/platform/db/index.js';
import type {
  NotificationChannel,
  NotificationLog,
  NotificationProviderName,
  WhatsappProviderName,
} from '@server/platform/db/schema.js';
import type { Clock } from '@server/platform/time.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limit.js';
import type { SmsProvider } from './sms.js';
import type { WhatsappNotice } from './whatsapp/templates.js';
import type { WhatsappQueue } from './whatsapp/queue.js';

const MAX_SEND_ATTEMPTS = 5;
/** A throttled notice goes out at most once in this many seconds per type, object and recipient. */
const NOTICE_THROTTLE_SECONDS = 3600;

export interface NotificationRequest {
  userId: number | null;
  /** A stable kind, e.g. otp, welcome, payment_success; by_type counts these. */
  type: string;
  subject: string;
  /**
   * The notice in a sentence or two, for the customer's notification history: no links, and never
   * a secret (the OTP's summary says a code was sent, not the code).
   */
  summary: string;
  email?: { to: string; text: string; html?: string };
  sms?: { to: string; body: string };
  /** Secrets (OTP codes) are sent but never stored, so such messages are not retried. */
  secret?: boolean;
  /** Sends at most once per key, e.g. the 3-day expiry reminder of one subscription. */
  dedupeKey?: string;
  /**
   * The object of a notice a customer can trigger again and again (`subscription:12`, `plan:3`):
   * it goes out at most once an hour per type, object and recipient; repeats are dropped, not
   * logged, so a create/delete loop cannot spend the owner's e-mail and SMS budget.
   */
  throttle?: string;
  /**
   * The notice as a WhatsApp template, in the recipient's language: with the customer's consent to
   * WhatsApp service messages it is queued for WhatsApp instead of the SMS (which stays the
   * fallback); without it the SMS goes as ever.
   */
  whatsapp?: { notice: WhatsappNotice; language: string };
  /** The customer a notice to someone else (the owner) is about: their erasure empties it. */
  aboutUserId?: number;
  /** The WhatsApp notice (whatsapp_messages.id) whose SMS this is, sent instead of it. */
  whatsappMessageId?: number;
}

/** What takes each channel's messages now: `outbox` is a file on this server, which reaches no one. */
export interface ChannelProviders {
  email: NotificationProviderName;
  sms: NotificationProviderName;
  whatsapp: WhatsappProviderName | null;
}

export interface Notifier {
  notify(request: NotificationRequest): Promise<void>;
  retryFailed(): Promise<number>;
  describe(): string[];
  providers(): ChannelProviders;
}

export function createNotifier(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsProvider;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** The WhatsApp send queue (absent in code paths that send no WhatsApp). */
  whatsapp?: WhatsappQueue;
  /** Whether the customer has given (and not withdrawn) consent to service messages on WhatsApp. */
  whatsappConsent: (userId: number) => Promise<boolean>;
}): Notifier {
  const { db, clock, mailer, sms, rateLimiter, log, whatsapp, whatsappConsent } = deps;

  /**
   * A notice with a WhatsApp form and an SMS: 'whatsapp' when it was queued for WhatsApp (or is a
   * duplicate of one that was), 'sms' when the SMS goes (recorded: no consent).
   */
  async function routeWhatsapp(
    request: NotificationRequest,
  ): Promise<{ channel: 'whatsapp' } | { channel: 'sms'; whatsappMessageId?: number }> {
    if (!whatsapp || !request.whatsapp || !request.sms || request.userId === null) {
      return { channel: 'sms' };
    }
    const input = {
      noticeKey: request.dedupeKey ?? `${request.type}:${request.userId}:${randomUUID()}`,
      userId: request.userId,
      type: request.type,
      to: request.sms.to,
      language: request.whatsapp.language,
      notice: request.whatsapp.notice,
      fallback: { subject: request.subject, summary: request.summary, sms: request.sms.body },
    };
    if (await whatsappConsent(request.userId)) {
      await whatsapp.enqueue(input);
      return { channel: 'whatsapp' };
    }
    const id = await whatsapp.recordNoConsent(input);
    return { channel: 'sms', ...(id === null ? {} : { whatsappMessageId: id }) };
  }

  /** False when a throttled notice already went to this recipient within the hour. */
  async function mayNotify(request: NotificationRequest): Promise<boolean> {
    if (!request.throttle) return true;
    const recipient = request.userId ?? request.email?.to ?? request.sms?.to ?? '';
    const key = `notice:${request.type}:${request.throttle}:${recipient}`;
    if (await rateLimiter.claim(key, NOTICE_THROTTLE_SECONDS)) return true;
    log.info({ type: request.type, throttle: request.throttle }, 'repeated notice not sent');
    return false;
  }

  async function deliver(row: NotificationLog, payload: { text: string; html?: string | null }) {
    // Recorded with the outcome: a message written to the outbox is "sent" there, but by its
    // provider the owner and the customer read that it reached no one.
    const provider = row.channel === 'email' ? mailer.name : sms.name;
    try {
      if (row.channel === 'email') {
        await mailer.send({
          to: row.recipient_email ?? '',
          subject: row.subject,
          text: payload.text,
          ...(payload.html ? { html: payload.html } : {}),
        });
      } else {
        await sms.send(row.recipient_phone ?? '', payload.text);
      }
      await db.kysely
        .updateTable('notification_logs')
        .set({
          status: 'sent',
          sent_at: clock.now().toISOString(),
          error_message: null,
          attempts: row.attempts + 1,
          provider,
        })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ notification: row.id, channel: row.channel, err: message }, 'notification failed');
      await db.kysely
        .updateTable('notification_logs')
        .set({
          status: 'failed',
          error_message: message.slice(0, 500),
          attempts: row.attempts + 1,
          provider,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  async function record(
    request: NotificationRequest,
    channel: NotificationChannel,
    text: string,
    html: string | null,
    eventId: number | null,
    whatsappMessageId: number | null = null,
  ): Promise<NotificationLog | null> {
    const dedupeKey = request.dedupeKey ? `${request.dedupeKey}:${channel}` : null;
    const row = await db.kysely
      .insertInto('notification_logs')
      .values({
        user_id: request.userId,
        subject: request.subject,
        notification_type: request.type,
        channel,
        status: 'pending',
        recipient_email: channel === 'email' ? (request.email?.to ?? null) : null,
        recipient_phone: channel === 'sms' ? (request.sms?.to ?? null) : null,
        body: request.secret ? null : text,
        html: request.secret ? null : html,
        error_message: null,
        attempts: 0,
        dedupe_key: dedupeKey,
        created_at: clock.now().toISOString(),
        sent_at: null,
        event_id: eventId,
        summary: request.summary,
        about_user_id: request.aboutUserId ?? null,
        whatsapp_message_id: whatsappMessageId ?? request.whatsappMessageId ?? null,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  return {
    async notify(request) {
      try {
        if (!(await mayNotify(request))) return;
        // The e-mail and the SMS of one notice are one event in the history: the second row
        // points at the first (event_id), which stands for the event.
        let first: number | null = null;
        if (request.email) {
          const row = await record(
            request,
            'email',
            request.email.text,
            request.email.html ?? null,
            null,
          );
          first = row?.id ?? null;
          if (row) await deliver(row, request.email);
        }
        const routed = request.sms ? await routeWhatsapp(request) : null;
        if (request.sms && routed?.channel === 'sms') {
          const row = await record(
            request,
            'sms',
            request.sms.body,
            null,
            first,
            routed.whatsappMessageId ?? null,
          );
          if (row) await deliver(row, { text: request.sms.body });
        }
      } catch (error) {
        log.error({ err: error, type: request.type }, 'could not record notification');
      }
    },
    async retryFailed() {
      const failed = await db.kysely
        .selectFrom('notification_logs')
        .selectAll()
        .where('status', '=', 'failed')
        .where('body', 'is not', null)
        .where('attempts', '<', MAX_SEND_ATTEMPTS)
        .orderBy('id')
        .limit(200)
        .execute();
      for (const row of failed) await deliver(row, { text: row.body ?? '', html: row.html });
      return failed.length;
    },
    describe: () => [mailer.describe(), sms.describe(), ...(whatsapp ? [whatsapp.describe()] : [])],
    providers: () => ({
      email: mailer.name,
      sms: sms.name,
      whatsapp: whatsapp?.provider ?? null,
    }),
  };
}
