// Erasure requests (issue 23, DPDP Act): the only code that writes them. The customer asks (with
// their password) and may cancel while it waits; the owner completes it, which removes or replaces
// the account's personal data in one transaction, decided by machines/erasure on the customer's
// open business (subscriptions, money, links, rider cash) read inside that transaction, with a
// conditional UPDATE on the waiting status; it cancels nothing, the owner settles first. Tax records
// stay: payments, receipts, tax invoices, credit notes and the ledger, each invoice keeping the
// name it was issued to; the audit log stays too.
import {
  ERASED_FIRST_NAME,
  decide,
  erasedEmail,
  erasedPhone,
  erasedUsername,
  erasureFromApi,
  erasureMachine,
  refusal,
  type ErasureEvent,
} from '@machines';
import type { ErasureRequestRow, User } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { sql } from 'kysely';
import { notFound, refusalError } from '@server/errors.js';
import { fullName } from '@server/platform/format.js';
import {
  recordAudit,
  redactAudit,
  textRedaction,
  type Replacements,
} from '@server/lifecycles/audit.js';
import { revokeUserSessionsIn } from '@server/resources/auth/sessions.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import {
  NOTHING_OPEN,
  erasureBusinessOf,
  erasureRequestById,
  newestRequestOf,
} from './erasure.read.js';

type Actor = Pick<User, 'id' | 'username' | 'user_type'>;

/** What stands in for the person's identifiers, and for the texts they gave, in others' texts. */
const ERASED_TEXT = '[erased]';

/**
 * The texts that name the customer (name, username, e-mail, phone as stored, as ten digits and as
 * shown, spaced) and the ones they gave (addresses, student details, billing details, leave
 * reasons, feedback, payout details), each with what writes it over in the owner's notices and
 * the audit log: the identifiers become `Erased customer #<id>`, the texts `[erased]`.
 */
async function personalTexts(trx: Executor, user: User, issuedName: string) {
  const [regular, student, leaves, feedback, refunds] = await Promise.all([
    trx
      .selectFrom('regular_profiles')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    trx
      .selectFrom('student_profiles')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    trx.selectFrom('leaves').select('reason').where('user_id', '=', user.id).execute(),
    trx
      .selectFrom('feedback')
      .select(['subject', 'message'])
      .where('user_id', '=', user.id)
      .execute(),
    trx
      .selectFrom('refunds')
      .select(['payout_upi_id', 'payout_account_holder_name', 'payout_account_number'])
      .where('user_id', '=', user.id)
      .execute(),
  ]);
  const name = `${ERASED_FIRST_NAME} #${user.id}`;
  const digits = user.phone.replace(/\D/g, '').slice(-10);
  const replacements = new Map<string, string>();
  for (const text of [
    regular?.address,
    regular?.landmark,
    student?.student_id,
    student?.hostel,
    user.billing_gstin,
    user.billing_address,
    ...leaves.map((leave) => leave.reason),
    ...feedback.flatMap((one) => [one.subject, one.message]),
    ...refunds.flatMap((refund) => [
      refund.payout_upi_id,
      refund.payout_account_holder_name,
      refund.payout_account_number,
    ]),
  ]) {
    if (text) replacements.set(text, ERASED_TEXT);
  }
  const identifiers = [
    issuedName,
    user.username,
    user.email,
    user.phone,
    digits,
    `${digits.slice(0, 5)} ${digits.slice(5)}`,
  ];
  for (const text of identifiers) replacements.set(text, name);
  return replacements;
}

/**
 * The customer's own notices lose every text and address; a notice to the owner about them
 * (about_user_id) loses its texts; any other notice that names them or quotes them (the owner's,
 * from before about_user_id) has that written over. Subjects stay, written over likewise.
 */
async function redactNotices(trx: Executor, userId: number, replacements: Replacements) {
  const { terms, redact } = textRedaction(replacements);
  const texts = ['subject', 'body', 'html', 'summary'] as const;
  const rows = await trx
    .selectFrom('notification_logs')
    .select(['id', 'user_id', 'about_user_id', 'recipient_email', 'recipient_phone', ...texts])
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('about_user_id', '=', userId),
        ...terms.flatMap((term) =>
          texts.map((column) => eb(sql<string>`lower(${sql.ref(column)})`, 'like', `%${term}%`)),
        ),
      ]),
    )
    .execute();
  for (const row of rows) {
    const theirs = row.user_id === userId;
    const emptied = theirs || row.about_user_id === userId;
    await trx
      .updateTable('notification_logs')
      .set({
        subject: redact(row.subject) ?? '',
        body: emptied ? null : redact(row.body),
        html: emptied ? null : redact(row.html),
        summary: emptied ? null : redact(row.summary),
        recipient_email: theirs ? null : row.recipient_email,
        recipient_phone: theirs ? null : row.recipient_phone,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * The codes, limits and counters that hold the person's phone, username or e-mail rather than
 * their account id (personal-data.ts): codes asked for the phone (some never sent, so naming no
 * account), the OTP send limits, the rate limits and sign-in throttles keyed by them, and the
 * WhatsApp tier's slot, which stays taken for its 24 hours but names nobody.
 */
async function forgetIdentifiers(trx: Executor, user: User) {
  const digits = user.phone.replace(/\D/g, '').slice(-10);
  // LIKE without escapes: a '_' in a name matching any one character only forgets more counters.
  await trx
    .deleteFrom('otp_codes')
    .where((eb) => eb.or([eb('user_id', '=', user.id), eb('phone', '=', user.phone)]))
    .execute();
  await trx.deleteFrom('otp_send_limits').where('phone', '=', user.phone).execute();
  await trx
    .deleteFrom('rate_limit_hits')
    .where((eb) =>
      eb.or([
        eb('key', 'like', `%${digits}%`),
        eb('key', 'like', `%:user:${user.id}`),
        eb(sql<string>`lower(key)`, 'like', `%${user.email_lower}%`),
        eb(sql<string>`lower(key)`, 'like', `%:${user.username_lower}`),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('login_throttles')
    .where('key', 'in', [
      `user:${user.id}`,
      `name:${user.username_lower}`,
      `name:${user.email_lower}`,
    ])
    .execute();
  await trx
    .updateTable('whatsapp_tier_slots')
    .set({ to_phone: null })
    .where('to_phone', 'like', `%${digits}`)
    .execute();
}

export function createErasureStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** The machine's answer to `event` for `row` with the customer's business now; throws its refusal. */
  async function check(executor: Executor, row: ErasureRequestRow, event: ErasureEvent) {
    const business =
      event.type === 'erasure.complete'
        ? await erasureBusinessOf(executor, row.user_id, deps.today())
        : NOTHING_OPEN;
    return allowed(
      decide(erasureMachine, erasureFromApi({ status: row.status, ...business }), event),
    );
  }

  /** erasure.request: a new waiting request; one waits at a time (the partial unique index). */
  async function request(customer: User): Promise<ErasureRequestRow> {
    const at = nowIso(deps);
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('erasure_requests')
          .values({
            user_id: customer.id,
            status: 'requested',
            requested_at: at,
            cancelled_at: null,
            completed_at: null,
            completed_by: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: customer,
          action: 'erasure.request',
          objectType: 'erasure_request',
          objectId: row.id,
          summary: { key: 'audit.summary.erasure.request', values: { user: customer.id } },
          after: { status: 'requested' },
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalError(refusal('erasure.already_requested'));
      throw error;
    }
  }

  /** erasure.cancel: the customer's waiting request, cancelled. */
  async function cancel(customer: User): Promise<ErasureRequestRow> {
    const newest = await newestRequestOf(db, customer.id);
    if (!newest) throw refusalError(refusal('erasure.not_requested'));
    const decision = await check(db, newest, { type: 'erasure.cancel' });
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('erasure_requests')
        .set({ status: 'cancelled', cancelled_at: nowIso(deps) })
        .where('id', '=', newest.id)
        .where('status', '=', newest.status)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw refusalError(refusal('erasure.not_requested'));
      await recordAudit(deps, trx, {
        actor: customer,
        action: 'erasure.cancel',
        objectType: 'erasure_request',
        objectId: row.id,
        summary: {
          key: 'audit.summary.erasure.cancel',
          values: { user: customer.id, id: row.id },
        },
        before: { status: newest.status },
        after: { status: decision.next },
      });
      return row;
    });
  }

  /**
   * erasure.complete: the account's personal data removed or replaced, sessions ended, sign-in
   * disabled; the photos' bytes are deleted after the commit (a failure there leaves an orphan
   * blob nobody can reach, never a dangling row).
   */
  async function complete(owner: Actor, id: number): Promise<ErasureRequestRow> {
    const found = await erasureRequestById(db, id);
    if (!found) throw notFound();
    const { row, photos } = await db.transaction().execute(async (trx) => {
      const decision = await check(trx, found, { type: 'erasure.complete' });
      const at = nowIso(deps);
      const done = await trx
        .updateTable('erasure_requests')
        .set({ status: 'completed', completed_at: at, completed_by: owner.id })
        .where('id', '=', found.id)
        .where('status', '=', 'requested')
        .returningAll()
        .executeTakeFirst();
      if (!done) throw refusalError(refusal('erasure.not_requested'));
      const userId = found.user_id;
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const issuedName = fullName(user) || user.username;
      // What names them, and what they wrote, as it may stand in others' texts (the owner's
      // notices, the audit log), read before the rows that hold it are emptied.
      const replacements = await personalTexts(trx, user, issuedName);
      // The tax documents keep the name they were issued to (CGST Rule 46: the recipient's name).
      await trx
        .updateTable('payments')
        .set({ invoice_buyer_name: issuedName })
        .where('user_id', '=', userId)
        .where('invoice_buyer_name', 'is', null)
        .execute();
      await trx
        .updateTable('credit_notes')
        .set({ buyer_name: issuedName })
        .where('user_id', '=', userId)
        .where('buyer_name', 'is', null)
        .execute();
      await trx
        .updateTable('users')
        .set({
          first_name: ERASED_FIRST_NAME,
          last_name: `#${userId}`,
          username: erasedUsername(userId),
          username_lower: erasedUsername(userId),
          email: erasedEmail(userId),
          email_lower: erasedEmail(userId),
          phone: erasedPhone(userId),
          // No hash matches '!': the account can never sign in again.
          password_hash: '!erased',
          is_active: false,
          phone_verified: false,
          diet: null,
          billing_gstin: null,
          billing_address: null,
          erased_at: at,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('student_profiles').where('user_id', '=', userId).execute();
      await trx.deleteFrom('regular_profiles').where('user_id', '=', userId).execute();
      const feedbackIds = trx.selectFrom('feedback').select('id').where('user_id', '=', userId);
      const photos = await trx
        .deleteFrom('feedback_attachments')
        .where('feedback_id', 'in', feedbackIds)
        .returning('storage_name')
        .execute();
      await trx
        .updateTable('feedback')
        .set({ subject: '', message: '', admin_response: null, updated_at: at })
        .where('user_id', '=', userId)
        .execute();
      await trx.updateTable('leaves').set({ reason: '' }).where('user_id', '=', userId).execute();
      await trx
        .updateTable('refunds')
        .set({
          payout_upi_id: null,
          payout_account_holder_name: null,
          payout_account_number: null,
          payout_ifsc: null,
        })
        .where('user_id', '=', userId)
        .execute();
      await redactNotices(trx, userId, replacements);
      await trx
        .updateTable('whatsapp_messages')
        .set({ to_phone: '', parameters: '[]', fallback_sms: '', fallback_summary: '' })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('consents')
        .set({ withdrawn_at: at, withdraw_method: 'owner' })
        .where('user_id', '=', userId)
        .where('withdrawn_at', 'is', null)
        .execute();
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
      await forgetIdentifiers(trx, user);
      await revokeUserSessionsIn(trx, userId, 'account erased', at);
      // The audit log keeps what was done and when, without the person's name (migration 033).
      await redactAudit(trx, userId, replacements, erasedUsername(userId), at);
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'erasure.complete',
        objectType: 'erasure_request',
        objectId: done.id,
        summary: { key: 'audit.summary.erasure.complete', values: { user: userId, id: done.id } },
        before: { status: 'requested' },
        after: { status: decision.next },
      });
      return { row: done, photos };
    });
    for (const photo of photos) {
      try {
        await deps.attachments.delete(photo.storage_name);
      } catch (error) {
        deps.log.warn({ err: error }, 'erasure: a photo could not be deleted');
      }
    }
    return row;
  }

  return { request, cancel, complete };
}
