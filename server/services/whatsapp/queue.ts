// The WhatsApp send queue, in the database so it survives restarts and is shared by instances. Each
// notice is one row, unique per notice key. An instance sends a row only after claiming it with a
// compare-and-set (claimed_by/claimed_at), so a notice goes out once however many instances drain at
// once; a claim whose instance died is taken over after CLAIM_TIMEOUT_MS. Before a message to a new
// recipient, a slot of the account's tier (unique recipients per rolling 24 hours) is taken with a
// compare-and-set too, so the tier holds across instances. Sends are paced to the per-second rate.
// A notice whose customer has not opted in, or whose send fails for good, goes by SMS instead
// through the notifier (fallback_reason says why, once: a compare-and-set on fallback_at).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Selectable } from 'kysely';
import {
  whatsappStatusesBefore,
  WHATSAPP_REPORTED_STATUSES,
  type WhatsappReportedStatus,
} from '@machines/whatsapp';
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import type { Executor } from '@server/platform/db/index.js';
import type { WhatsappMessagesTable, WhatsappProviderName } from '@server/platform/db/schema.js';
import type { Clock } from '@server/platform/time.js';
import type { Job } from '@server/services/scheduler.js';
import type { NotificationRequest } from '@server/services/notifier.js';
import { WhatsappSendError, type WhatsappProvider } from './provider.js';
import { whatsappLanguage, type WhatsappNotice, type WhatsappTemplateName } from './templates.js';

type MessageRow = Selectable<WhatsappMessagesTable>;

/** A claim older than this belongs to an instance that died: another may take it over. */
const CLAIM_TIMEOUT_MS = 2 * 60_000;
/** A send that keeps failing for a passing reason falls back to SMS after this many attempts. */
const MAX_WHATSAPP_ATTEMPTS = 5;
const DAY_MS = 24 * 3600_000;
const EPOCH = new Date(0).toISOString();

export interface WhatsappEnqueue {
  noticeKey: string;
  userId: number;
  type: string;
  to: string;
  language: string;
  notice: WhatsappNotice;
  /** The SMS that goes instead if WhatsApp cannot carry it. */
  fallback: { subject: string; summary: string; sms: string };
}

export interface DrainResult {
  sent: number;
  failed: number;
  /** Left for later: the tier is full for today, or a passing failure. */
  deferred: number;
}

/** One status of a status webhook (value.statuses[]). */
export interface ReportedStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
}

export type WhatsappQueue = ReturnType<typeof createWhatsappQueue>;

export function createWhatsappQueue(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  provider: WhatsappProvider;
  /** The notifier's notify, for the SMS fallback (bound late: the notifier is built after). */
  sendSms: (request: NotificationRequest) => Promise<void>;
  /** Runs a drain after the answer (the app's background tasks). */
  runInBackground?: (name: string, work: () => Promise<unknown>) => void;
}) {
  const db = deps.db.kysely;
  const { clock, log, provider } = deps;
  const { tier, ratePerSecond } = deps.config.whatsapp;
  /** What takes a send: the Cloud API, or the outbox file, which reaches no one. */
  const providerName: WhatsappProviderName = provider.mode === 'cloud' ? 'cloud_api' : 'outbox';
  /** This instance's name in claimed_by. */
  const instanceId = `instance-${randomBytes(6).toString('hex')}`;
  const nowIso = () => clock.now().toISOString();
  let lastSendMs = 0;

  /** Waits until this instance may send again under the per-second rate. */
  async function pace() {
    const gap = 1000 / Math.max(1, ratePerSecond);
    const wait = lastSendMs + gap - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSendMs = Date.now();
  }

  /** Queues a notice; false when its key was queued before (the notice is a duplicate). */
  async function enqueue(input: WhatsappEnqueue): Promise<boolean> {
    const row = await db
      .insertInto('whatsapp_messages')
      .values(rowValues(input, 'queued', null))
      .onConflict((conflict) => conflict.column('notice_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) kick();
    return row !== undefined;
  }

  /**
   * Records that a notice went by SMS because the customer has not opted in to WhatsApp: its id,
   * which the SMS names, or null when its key was recorded before.
   */
  async function recordNoConsent(input: WhatsappEnqueue): Promise<number | null> {
    const row = await db
      .insertInto('whatsapp_messages')
      .values(rowValues(input, 'sms', 'no_consent'))
      .onConflict((conflict) => conflict.column('notice_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  function rowValues(input: WhatsappEnqueue, status: 'queued' | 'sms', reason: string | null) {
    const at = nowIso();
    return {
      notice_key: input.noticeKey,
      user_id: input.userId,
      notification_type: input.type,
      to_phone: input.to,
      template: input.notice.template,
      language: whatsappLanguage(input.language),
      parameters: JSON.stringify(input.notice.parameters),
      status,
      wamid: null,
      attempts: 0,
      next_attempt_at: at,
      claimed_by: null,
      claimed_at: null,
      failure_code: null,
      failure_reason: null,
      fallback_subject: input.fallback.subject,
      fallback_summary: input.fallback.summary,
      fallback_sms: input.fallback.sms,
      fallback_reason: reason,
      fallback_at: reason ? at : null,
      created_at: at,
      sent_at: null,
      delivered_at: null,
      read_at: null,
      failed_at: null,
    };
  }

  /** The tier's slots exist up to the tier (taken_at at the epoch: free). */
  async function ensureSlots(executor: Executor, limit: number) {
    const count = await executor
      .selectFrom('whatsapp_tier_slots')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('slot', '<=', limit)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= limit) return;
    for (let start = 1; start <= limit; start += 500) {
      const values = [];
      for (let slot = start; slot < Math.min(start + 500, limit + 1); slot += 1) {
        values.push({ slot, to_phone: null, taken_at: EPOCH });
      }
      await executor
        .insertInto('whatsapp_tier_slots')
        .values(values)
        .onConflict((conflict) => conflict.column('slot').doNothing())
        .execute();
    }
  }

  /**
   * Whether a message may go to `phone` now under the tier: yes if the phone holds a slot taken in
   * the last 24 hours, else if a free slot (taken over 24 hours ago) can be taken. Answers when a
   * slot frees up otherwise. On PostgreSQL a per-phone advisory lock keeps two instances from
   * taking two slots for one new recipient; on SQLite every statement runs alone, and the taking
   * update itself checks that the phone holds no slot.
   */
  async function takeTierSlot(phone: string): Promise<true | { freeAt: string }> {
    if (tier === null) return true;
    if (deps.db.dialect !== 'postgres') return takeTierSlotIn(db, phone, tier);
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-tier:${phone}`}))`.execute(trx);
      return takeTierSlotIn(trx, phone, tier);
    });
  }

  async function takeTierSlotIn(
    executor: Executor,
    phone: string,
    limit: number,
  ): Promise<true | { freeAt: string }> {
    const now = clock.now();
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const holds = async () =>
      (await executor
        .selectFrom('whatsapp_tier_slots')
        .select('slot')
        .where('to_phone', '=', phone)
        .where('taken_at', '>', since)
        .where('slot', '<=', limit)
        .executeTakeFirst()) !== undefined;
    if (await holds()) return true;
    await ensureSlots(executor, limit);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const free = await executor
        .selectFrom('whatsapp_tier_slots')
        .select(['slot', 'taken_at'])
        .where('slot', '<=', limit)
        .where('taken_at', '<=', since)
        .orderBy('taken_at')
        .orderBy('slot')
        .limit(1)
        .executeTakeFirst();
      if (!free) break;
      const won = await executor
        .updateTable('whatsapp_tier_slots')
        .set({ to_phone: phone, taken_at: now.toISOString() })
        .where('slot', '=', free.slot)
        .where('taken_at', '=', free.taken_at)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('whatsapp_tier_slots as held')
                .select('held.slot')
                .where('held.to_phone', '=', phone)
                .where('held.taken_at', '>', since)
                .where('held.slot', '<=', limit),
            ),
          ),
        )
        .returning('slot')
        .executeTakeFirst();
      if (won || (await holds())) return true;
    }
    const oldest = await executor
      .selectFrom('whatsapp_tier_slots')
      .select('taken_at')
      .where('slot', '<=', limit)
      .orderBy('taken_at')
      .limit(1)
      .executeTakeFirst();
    const freeAt = new Date(Date.parse(oldest?.taken_at ?? now.toISOString()) + DAY_MS + 1000);
    return { freeAt: freeAt.toISOString() };
  }

  /** The notice goes by SMS instead, once whatever the number of callers. */
  async function fallBack(row: MessageRow, reason: string): Promise<void> {
    const won = await db
      .updateTable('whatsapp_messages')
      .set({ fallback_reason: reason, fallback_at: nowIso() })
      .where('id', '=', row.id)
      .where('fallback_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!won) return;
    await deps.sendSms({
      userId: row.user_id,
      type: row.notification_type,
      subject: row.fallback_subject,
      summary: row.fallback_summary,
      sms: { to: row.to_phone, body: row.fallback_sms },
      dedupeKey: `${row.notice_key}:whatsapp-fallback`,
      whatsappMessageId: row.id,
    });
  }

  /** Takes a due row for this instance; undefined when another instance has it. */
  async function claim(row: MessageRow): Promise<MessageRow | undefined> {
    let update = db
      .updateTable('whatsapp_messages')
      .set({ claimed_by: instanceId, claimed_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .where('wamid', 'is', null);
    update =
      row.claimed_at === null
        ? update.where('claimed_at', 'is', null)
        : update.where('claimed_at', '=', row.claimed_at);
    return update.returningAll().executeTakeFirst();
  }

  async function release(row: MessageRow, set: { next_attempt_at: string; attempts?: number }) {
    await db
      .updateTable('whatsapp_messages')
      .set({ ...set, claimed_by: null, claimed_at: null })
      .where('id', '=', row.id)
      .where('claimed_by', '=', instanceId)
      .execute();
  }

  async function sendOne(row: MessageRow): Promise<'sent' | 'failed' | 'deferred'> {
    const slot = await takeTierSlot(row.to_phone);
    if (slot !== true) {
      await release(row, { next_attempt_at: slot.freeAt });
      return 'deferred';
    }
    await pace();
    try {
      const { wamid } = await provider.send({
        to: row.to_phone,
        template: row.template as WhatsappTemplateName,
        language: whatsappLanguage(row.language),
        parameters: JSON.parse(row.parameters) as string[],
      });
      await db
        .updateTable('whatsapp_messages')
        .set({
          status: 'sent',
          wamid,
          sent_at: nowIso(),
          attempts: row.attempts + 1,
          provider: providerName,
        })
        .where('id', '=', row.id)
        .where('claimed_by', '=', instanceId)
        .where('status', '=', 'queued')
        .execute();
      return 'sent';
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const permanent =
        !(error instanceof WhatsappSendError) ||
        error.permanent ||
        attempts >= MAX_WHATSAPP_ATTEMPTS;
      log.warn({ whatsapp: row.id, err: message, permanent }, 'WhatsApp send failed');
      if (!permanent) {
        const later = new Date(clock.now().getTime() + 30_000 * 2 ** attempts).toISOString();
        await release(row, { next_attempt_at: later, attempts });
        return 'deferred';
      }
      const failed = await db
        .updateTable('whatsapp_messages')
        .set({
          status: 'failed',
          attempts,
          failed_at: nowIso(),
          failure_code: error instanceof WhatsappSendError ? error.code : null,
          failure_reason: message.slice(0, 500),
        })
        .where('id', '=', row.id)
        .where('claimed_by', '=', instanceId)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (failed) await fallBack(failed, 'failed');
      return 'failed';
    }
  }

  /** Sends what is due, claimed one by one; other instances may drain at the same time. */
  async function drain(limit = 200): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, deferred: 0 };
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString();
    const due = await db
      .selectFrom('whatsapp_messages')
      .selectAll()
      .where('status', '=', 'queued')
      .where('wamid', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const candidate of due) {
      const mine = await claim(candidate);
      if (!mine) continue;
      result[await sendOne(mine)] += 1;
    }
    return result;
  }

  let draining: Promise<unknown> | null = null;
  let again = false;
  /** Drains soon, after the answer; calls while a drain runs coalesce into one more. */
  function kick() {
    if (!deps.runInBackground) return;
    if (draining) {
      again = true;
      return;
    }
    deps.runInBackground('whatsapp-drain', async () => {
      do {
        again = false;
        draining = drain();
        try {
          await draining;
        } finally {
          draining = null;
        }
      } while (again);
    });
  }

  /**
   * A status webhook's report: written only when it moves the message forward (a replayed or late
   * report changes nothing); a failure sends the notice by SMS. True when something changed.
   */
  async function applyStatus(reported: ReportedStatus): Promise<boolean> {
    const wamid = typeof reported.id === 'string' ? reported.id : null;
    const status = WHATSAPP_REPORTED_STATUSES.find((s) => s === reported.status);
    if (!wamid || !status) return false;
    const seconds = Number(reported.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : clock.now();
    const when = at.toISOString();
    const error = reported.errors?.[0];
    const set = statusFields(status, when, error);
    const row = await db
      .updateTable('whatsapp_messages')
      .set(set)
      .where('wamid', '=', wamid)
      .where('status', 'in', whatsappStatusesBefore(status))
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    if (status === 'failed') await fallBack(row, 'failed');
    return true;
  }

  function statusFields(
    status: WhatsappReportedStatus,
    when: string,
    error: ReportedStatus['errors'] extends (infer E)[] | undefined ? E | undefined : never,
  ) {
    switch (status) {
      case 'sent':
        return { status, sent_at: when };
      case 'delivered':
        return { status, delivered_at: when };
      case 'read':
        return { status, read_at: when };
      case 'failed': {
        const code =
          typeof error?.code === 'number' || typeof error?.code === 'string'
            ? String(error.code)
            : null;
        const title =
          typeof error?.title === 'string'
            ? error.title
            : typeof error?.message === 'string'
              ? error.message
              : 'failed';
        return { status, failed_at: when, failure_code: code, failure_reason: title.slice(0, 500) };
      }
    }
  }

  return {
    instanceId,
    enqueue,
    recordNoConsent,
    drain,
    kick,
    applyStatus,
    provider: providerName,
    describe: () => provider.describe(),
  };
}

/** One run per five minutes across instances; a new notice does not wait for it (kick). */
const fiveMinuteKey = (ctx: { clock: Clock }) => {
  const now = ctx.clock.now();
  return `${now.toISOString().slice(0, 14)}${String(Math.floor(now.getUTCMinutes() / 5) * 5).padStart(2, '0')}`;
};

export const whatsappJobs: Job[] = [
  {
    name: 'whatsapp-send-queue',
    runKey: fiveMinuteKey,
    run: (ctx) => ctx.whatsapp.drain(),
  },
];
