// The WhatsApp messages as read from the send queue (whatsapp_messages): the owner's list of every
// notice and how it went, the customer's own, and this month's count and cost for the owner's home.
import type { RowOf } from '@server/platform/db/index.js';
import { sql } from 'kysely';
import { whatsappCostPaise, type WhatsappMessageStatus } from '@machines/whatsapp';
import type { components } from '../../../generated/api';
import type { Config } from '@server/config.js';
import type { NotificationProviderName } from '@server/platform/db/schema.js';
import type { Executor } from '@server/lifecycles/store.js';
import { fullName } from '@server/platform/format.js';
import { businessDayStart } from '@server/platform/time.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import {
  renderWhatsappTemplate,
  whatsappLanguage,
  type WhatsappTemplateName,
} from '@server/services/whatsapp/templates.js';

export type WhatsappMessageBody = components['schemas']['WhatsappMessage'];
export type WhatsappUsageBody = components['schemas']['WhatsappUsage'];
type WhatsappMessageFilter = components['schemas']['WhatsappMessageFilter'];

/** What took the SMS a notice went by instead (migration 045); null when none is recorded. */
const smsProvider = sql<NotificationProviderName | null>`(
  select l.provider from notification_logs l
  where l.whatsapp_message_id = m.id and l.channel = 'sms'
  order by l.id desc limit 1)`;

/**
 * The messages a list filter keeps. `not_sent`: those that reached no one because their channel is
 * not set up, written to the outbox on the server (a WhatsApp message, or the SMS that went
 * instead); `sent` and `sms` keep only those that left the machine.
 */
export function whatsappFilter(filter: WhatsappMessageFilter) {
  switch (filter) {
    case 'not_sent':
      return sql<boolean>`((m.status = 'sent' and m.provider = 'outbox')
        or (m.status = 'sms' and ${smsProvider} = 'outbox'))`;
    case 'sent':
      return sql<boolean>`(m.status = 'sent' and coalesce(m.provider, '') <> 'outbox')`;
    case 'sms':
      return sql<boolean>`(m.status = 'sms' and coalesce(${smsProvider}, '') <> 'outbox')`;
    default:
      return sql<boolean>`m.status = ${filter}`;
  }
}

/** The queue's rows with their customer, for a list (filtered and paged by the caller). */
export const whatsappMessageSelect = (db: Executor) =>
  db
    .selectFrom('whatsapp_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.notification_type',
      'm.template',
      'm.language',
      'm.parameters',
      'm.user_id',
      'm.to_phone',
      'm.status',
      'm.failure_code',
      'm.failure_reason',
      'm.fallback_reason',
      'm.fallback_at',
      'm.created_at',
      'm.sent_at',
      'm.delivered_at',
      'm.read_at',
      'm.failed_at',
      'm.provider',
      smsProvider.as('sms_provider'),
      'u.username',
      'u.first_name',
      'u.last_name',
    ]);

type MessageRow = RowOf<typeof whatsappMessageSelect>;

const parameters = (raw: string): string[] => {
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export function whatsappMessageBody(row: MessageRow): WhatsappMessageBody {
  const language = whatsappLanguage(row.language);
  const template = row.template as WhatsappTemplateName;
  // The channel it really went by: SMS without consent or after WhatsApp failed.
  const bySms = row.status === 'sms' || row.fallback_at !== null;
  return {
    id: row.id,
    notification_type: row.notification_type,
    template,
    language,
    customer:
      row.user_id !== null && row.username !== null
        ? {
            id: row.user_id,
            username: row.username,
            full_name:
              fullName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '' }) ||
              row.username,
          }
        : null,
    to_phone: row.to_phone,
    status: row.status as WhatsappMessageStatus,
    text: renderWhatsappTemplate(template, language, parameters(row.parameters)),
    failure_code: row.failure_code,
    failure_reason: row.failure_reason,
    fallback: row.fallback_at !== null,
    fallback_reason: row.fallback_reason as WhatsappMessageBody['fallback_reason'],
    created_at: row.created_at,
    sent_at: row.sent_at,
    delivered_at: row.delivered_at,
    read_at: row.read_at,
    failed_at: row.failed_at,
    channel: bySms ? 'sms' : 'whatsapp',
    provider: bySms ? row.sms_provider : row.provider,
  };
}

/**
 * This month's WhatsApp figures: the messages the Cloud API accepted (a sent_at this month; a
 * message that later failed was still accepted, and Meta bills only delivered ones, so this is an
 * upper estimate), what they cost at the owner's price, what waits, failed or went by SMS, and
 * what was only written to the outbox (no Cloud API set up: no one received them, at no cost).
 */
export async function whatsappUsage(
  db: Executor,
  config: Config,
  today: string,
): Promise<WhatsappUsageBody> {
  const month = today.slice(0, 7);
  const since = businessDayStart(`${month}-01`, config.businessTz);
  const settings = await readSettings(db);
  const count = (condition: ReturnType<typeof sql<boolean>>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const row = await db
    .selectFrom('whatsapp_messages as m')
    .select([
      // Written to the outbox, a message reached no one and costs nothing. What stayed there is
      // what the list's "Not sent" filter keeps (a WhatsApp message, or the SMS that went instead),
      // by the month it was written.
      count(sql<boolean>`m.sent_at >= ${since} and coalesce(m.provider, '') <> 'outbox'`).as(
        'sent',
      ),
      count(
        sql<boolean>`${whatsappFilter('not_sent')} and coalesce(m.sent_at, m.fallback_at) >= ${since}`,
      ).as('outbox'),
      count(sql<boolean>`m.status = 'queued'`).as('queued'),
      count(sql<boolean>`m.status = 'failed' and m.failed_at >= ${since}`).as('failed'),
      count(
        sql<boolean>`m.fallback_at >= ${since} and coalesce(${smsProvider}, '') <> 'outbox'`,
      ).as('by_sms'),
    ])
    .executeTakeFirstOrThrow();
  const sent = Number(row.sent ?? 0);
  const price = settings.whatsapp.utility_price_paise;
  return {
    month,
    sent,
    utility_price_paise: price,
    estimated_cost_paise: whatsappCostPaise(sent, price),
    queued: Number(row.queued ?? 0),
    failed: Number(row.failed ?? 0),
    by_sms: Number(row.by_sms ?? 0),
    outbox: Number(row.outbox ?? 0),
    tier: config.whatsapp.tier,
    provider: config.whatsapp.mode === 'cloud' ? 'cloud_api' : 'outbox',
  };
}
