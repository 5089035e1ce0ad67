// The customer's copy of their data (DPDP Act: the right to access): every record the mess keeps
// about them, their own only, as stored, one section per table of personal-data.ts (which says
// why a table has none). Secrets (password hash, sessions, codes, claim tokens) and other people's
// data (who on the staff recorded or decided something) are left out.
import { PRIVACY_NOTICE_VERSION } from '@machines';
import type { Kysely } from 'kysely';
import type { components } from '../../../generated/api';
import type { Database, User } from '@server/platform/db/schema.js';
import { readStatement } from '@server/lifecycles/dues/dues.read.js';

export type DataExportBody = components['schemas']['DataExport'];

/** Columns that are secrets or name the staff, never put in a customer's file. */
const LEFT_OUT = new Set([
  'password_hash',
  'username_lower',
  'email_lower',
  'data_version',
  'search_text',
  'decided_by',
  'responded_by',
  'requested_by',
  'recorded_by_id',
  'completed_by',
  'created_by',
  'marked_by',
  'collected_by',
  'claimed_by',
  'claim_token_hash',
  'storage_name',
  'dedupe_key',
  'event_id',
  'html',
]);

const plain = (row: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !LEFT_OUT.has(key)));

export async function readDataExport(
  db: Kysely<Database>,
  user: User,
  today: string,
  now: string,
  publicUrl: string,
): Promise<DataExportBody> {
  const userId = user.id;
  const [
    student,
    regular,
    subscriptions,
    payments,
    refunds,
    leaves,
    feedback,
    photos,
    skips,
    notifications,
    consents,
    erasures,
    statement,
    orders,
    creditNotes,
    whatsapp,
    links,
    qrCodes,
    reminders,
    walkIn,
    stops,
    marks,
    cash,
    applied,
    advanceRefunds,
  ] = await Promise.all([
    db.selectFrom('student_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('regular_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .selectAll('subscriptions')
      .select(['plans.name as plan_name', 'plans.service_type as plan_service_type'])
      .where('subscriptions.user_id', '=', userId)
      .orderBy('subscriptions.id')
      .execute(),
    db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('leaves').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('feedback_attachments')
      .innerJoin('feedback', 'feedback.id', 'feedback_attachments.feedback_id')
      .select([
        'feedback_attachments.id',
        'feedback_attachments.feedback_id',
        'feedback_attachments.content_type',
      ])
      .where('feedback.user_id', '=', userId)
      .execute(),
    db.selectFrom('meal_skips').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('notification_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('consents').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    readStatement(db, user, today, 'customer'),
    own(db, 'payment_orders', userId),
    own(db, 'credit_notes', userId),
    own(db, 'whatsapp_messages', userId),
    own(db, 'payment_links', userId),
    own(db, 'counter_qr_codes', userId),
    own(db, 'reminder_sends', userId),
    db.selectFrom('walk_ins').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('delivery_stops')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date')
      .orderBy('meal')
      .execute(),
    db
      .selectFrom('delivery_marks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
    own(db, 'cash_collections', userId),
    own(db, 'advance_applications', userId),
    own(db, 'advance_refunds', userId),
  ]);
  const base = publicUrl.replace(/\/+$/, '');
  return {
    format: 'dabba-data-export/1',
    exported_at: now,
    notice_version: PRIVACY_NOTICE_VERSION,
    profile: {
      ...plain(user),
      student_profile: student ? plain(student) : null,
      regular_profile: regular ? plain(regular) : null,
    },
    subscriptions: subscriptions.map(plain),
    payments: payments.map(plain),
    refunds: refunds.map(plain),
    leaves: leaves.map(plain),
    feedback: feedback.map((row) => ({
      ...plain(row),
      photos: photos
        .filter((photo) => photo.feedback_id === row.id)
        .map((photo) => `${base}/api/feedback/attachments/${photo.id}/file/`),
    })),
    meal_skips: skips.map(plain),
    notifications: notifications.map(plain),
    consents: consents.map(plain),
    erasure_requests: erasures.map(plain),
    statement,
    payment_orders: orders.map(plain),
    credit_notes: creditNotes.map(plain),
    whatsapp_messages: whatsapp.map(plain),
    payment_links: links.map(plain),
    counter_qr_codes: qrCodes.map(plain),
    reminders: reminders.map(plain),
    walk_in: walkIn ? plain(walkIn) : null,
    deliveries: stops.map(plain),
    delivery_marks: marks.map(plain),
    cash_collections: cash.map(plain),
    advances: {
      applied: applied.map(plain),
      refunded: advanceRefunds.map(({ refunded_by: _by, ...row }) => plain(row)),
    },
  };
}

/** The customer's rows of a table with an `id` and a `user_id`, oldest first. */
function own<T extends OwnedTable>(db: Kysely<Database>, table: T, userId: number) {
  return db
    .selectFrom(table as OwnedTable)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

type OwnedTable =
  | 'payment_orders'
  | 'credit_notes'
  | 'whatsapp_messages'
  | 'payment_links'
  | 'counter_qr_codes'
  | 'reminder_sends'
  | 'cash_collections'
  | 'advance_applications'
  | 'advance_refunds';
