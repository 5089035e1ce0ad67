// Every table that holds data about a customer, with the section of their data download that
// carries it (DPDP Act: the right to access) and what erasure does to it. One list, so that a table
// cannot be added to one and forgotten in the other: tests/api/erasure-dump.test.ts checks it
// against the database's own foreign keys, against a download and against what an erasure changes.
import type { Database } from '@server/platform/db/schema.js';
import type { DataExportBody } from './export.read.js';

/** What erasure does to a table's rows about the customer. */
type ErasureOutcome =
  /** The row stays (others point at it) with every personal field written over: the account. */
  | 'replaced'
  /** The row stays, its texts about the person emptied. */
  | 'scrubbed'
  | 'deleted'
  /** Sessions ended, consents withdrawn: the row stays, closed. */
  | 'closed'
  /** A tax document (CGST Act: kept 8 years): kept whole, the name it was issued to written on it. */
  | 'issued'
  /** Kept whole: a record the business's books need, naming the person by id only. */
  | 'kept';

export interface PersonalTable {
  /** The columns that name the customer: a users.id, or the phone and keys the limits use. */
  readonly by: readonly string[];
  /** The download's section that holds these rows, or why it holds none. */
  readonly download: keyof DataExportBody | { readonly none: string };
  readonly erasure: ErasureOutcome;
}

const SECRET = { none: 'a secret that signs in: never handed out' } as const;
const LIMIT = {
  none: 'a counter of the abuse limits (a day at most), which says nothing about the person',
} as const;

export const PERSONAL_TABLES = {
  users: { by: ['id'], download: 'profile', erasure: 'replaced' },
  student_profiles: { by: ['user_id'], download: 'profile', erasure: 'deleted' },
  regular_profiles: { by: ['user_id'], download: 'profile', erasure: 'deleted' },
  sessions: { by: ['user_id'], download: SECRET, erasure: 'closed' },
  otp_codes: { by: ['user_id', 'phone'], download: SECRET, erasure: 'deleted' },
  password_reset_tokens: { by: ['user_id'], download: SECRET, erasure: 'deleted' },
  otp_send_limits: { by: ['phone'], download: LIMIT, erasure: 'deleted' },
  rate_limit_hits: { by: ['key'], download: LIMIT, erasure: 'deleted' },
  login_throttles: { by: ['key'], download: LIMIT, erasure: 'deleted' },
  whatsapp_tier_slots: { by: ['to_phone'], download: LIMIT, erasure: 'scrubbed' },
  subscriptions: { by: ['user_id'], download: 'subscriptions', erasure: 'kept' },
  customer_subscription_summaries: {
    by: ['user_id'],
    download: { none: 'worked out from the subscriptions, which the download holds' },
    erasure: 'kept',
  },
  payment_orders: { by: ['user_id'], download: 'payment_orders', erasure: 'kept' },
  payments: { by: ['user_id'], download: 'payments', erasure: 'issued' },
  refunds: { by: ['user_id'], download: 'refunds', erasure: 'scrubbed' },
  // Issued with the recipient's name, address and state fixed on it (Rule 53(1A), migration 038):
  // kept whole; only a note issued before that has the name written on it at erasure.
  credit_notes: { by: ['user_id'], download: 'credit_notes', erasure: 'kept' },
  advance_applications: { by: ['user_id'], download: 'advances', erasure: 'kept' },
  advance_refunds: { by: ['user_id'], download: 'advances', erasure: 'kept' },
  ledger_entries: { by: ['user_id'], download: 'statement', erasure: 'kept' },
  // Its search text follows the account's placeholders (migration 029's triggers).
  ledger_balances: { by: ['user_id'], download: 'statement', erasure: 'scrubbed' },
  leaves: { by: ['user_id'], download: 'leaves', erasure: 'scrubbed' },
  feedback: { by: ['user_id'], download: 'feedback', erasure: 'scrubbed' },
  feedback_attachments: { by: ['feedback_id'], download: 'feedback', erasure: 'deleted' },
  meal_skips: { by: ['user_id'], download: 'meal_skips', erasure: 'kept' },
  notification_logs: {
    by: ['user_id', 'about_user_id'],
    download: 'notifications',
    erasure: 'scrubbed',
  },
  whatsapp_messages: { by: ['user_id'], download: 'whatsapp_messages', erasure: 'scrubbed' },
  consents: { by: ['user_id'], download: 'consents', erasure: 'closed' },
  erasure_requests: { by: ['user_id'], download: 'erasure_requests', erasure: 'kept' },
  payment_links: { by: ['user_id'], download: 'payment_links', erasure: 'kept' },
  counter_qr_codes: { by: ['user_id'], download: 'counter_qr_codes', erasure: 'kept' },
  reminder_sends: { by: ['user_id'], download: 'reminders', erasure: 'kept' },
  walk_ins: { by: ['user_id'], download: 'walk_in', erasure: 'kept' },
  delivery_stops: { by: ['user_id'], download: 'deliveries', erasure: 'kept' },
  delivery_marks: { by: ['user_id'], download: 'delivery_marks', erasure: 'kept' },
  cash_collections: { by: ['user_id'], download: 'cash_collections', erasure: 'kept' },
  audit_log: {
    by: ['actor_id'],
    download: {
      none: "the business's record of who did what, kept as its security log; what it is about is in the other sections",
    },
    erasure: 'scrubbed',
  },
} as const satisfies Partial<Record<keyof Database, PersonalTable>>;

/**
 * Tables with a foreign key to users that hold nothing about a customer: they are the owner's or
 * the staff's own.
 */
export const NOT_CUSTOMER_TABLES = {
  mess_owner_profiles: "the mess owner's business details",
  staff_members: "a staff account's invite and status",
  delivery_route_riders: 'which staff ride a route',
} as const satisfies Partial<Record<keyof Database, string>>;

/**
 * Columns with a foreign key to users that name who acted (the owner, a staff member, or the
 * customer on their own record, which the table's `by` column already finds), not whom the row is
 * about.
 */
export const ACTOR_COLUMNS = new Set([
  'actor_id',
  'collected_by',
  'completed_by',
  'created_by',
  'decided_by',
  'invited_by',
  'marked_by',
  'recorded_by',
  'recorded_by_id',
  'refunded_by',
  'removed_by',
  'requested_by',
  'responded_by',
  'updated_by',
  'withdrawn_by',
]);
