// A WhatsApp message's delivery statuses and the one rule for moving between them: the Cloud API
// reports sent, delivered, read or failed, in any order and more than once, and a status never
// moves backwards (a late "sent" after "read" changes nothing).
import { labelsOf } from '../shared/labels';

/** A message's statuses as stored (whatsapp_messages.status); `sms` went by SMS instead. */
export const WHATSAPP_MESSAGE_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'sms',
] as const;
export type WhatsappMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

/** The statuses the Cloud API's status webhooks report. */
export const WHATSAPP_REPORTED_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappReportedStatus = (typeof WHATSAPP_REPORTED_STATUSES)[number];

const RANK: Readonly<Record<'queued' | 'sent' | 'delivered' | 'read', number>> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * The statuses from which a reported status may be written: only forward. A failure is taken while
 * the message is not yet delivered (a failed after delivered or read is a late, stale report).
 */
export function whatsappStatusesBefore(reported: WhatsappReportedStatus): WhatsappMessageStatus[] {
  if (reported === 'failed') return ['queued', 'sent'];
  const rank = RANK[reported];
  return (Object.keys(RANK) as Array<keyof typeof RANK>).filter((status) => RANK[status] < rank);
}

/** The status after a report: the reported one when it moves forward, else the current one. */
export function nextWhatsappStatus(
  current: WhatsappMessageStatus,
  reported: WhatsappReportedStatus,
): WhatsappMessageStatus {
  return whatsappStatusesBefore(reported).includes(current) ? reported : current;
}

export const WHATSAPP_STATUS_LABELS = labelsOf(WHATSAPP_MESSAGE_STATUSES, { sms: 'Sent by SMS' });

/** The Meta messaging tiers: unique customers per rolling 24 hours (null: unlimited). */
export const WHATSAPP_TIERS = [250, 1000, 10000, null] as const;

/**
 * Meta's price of a utility message in India (2026: about ₹0.115), the default of the owner's
 * setting; every template Dabba sends is a utility one.
 */
export const DEFAULT_WHATSAPP_UTILITY_PRICE_PAISE = 11.5;

export const DEFAULT_WHATSAPP_SETTINGS = {
  utility_price_paise: DEFAULT_WHATSAPP_UTILITY_PRICE_PAISE,
} as const;

/** What `sent` messages cost at `pricePaise` each, rounded to the paisa. */
export const whatsappCostPaise = (sent: number, pricePaise: number): number =>
  Math.round(sent * pricePaise);
