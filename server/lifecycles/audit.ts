// The owner's audit log: every action of the owner or their staff (with the role they acted in) is recorded in the same transaction as the change it
// records, so the log and the data never disagree. Rows are only ever added (migration 005).
import { sql } from 'kysely';
import type { User } from '@server/platform/db/schema.js';
import type { Executor, StoreDeps } from './store.js';

export interface AuditRecord {
  /** The owner or staff member who acted (their role is recorded with them); null: the server. */
  actor: Pick<User, 'id' | 'username' | 'user_type'> | null;
  /** The event, named like the machines' events: leave.approve, refund.mark_paid, plan.update… */
  action: string;
  objectType: string;
  objectId: number | null;
  /** One sentence for people, e.g. "Approved leave #12 of asha (3 days)." */
  summary: string;
  /** The fields the action changed, before and after (null when the object is new or gone). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one entry, in `executor` (the caller's transaction when it has one). */
export async function recordAudit(
  deps: Pick<StoreDeps, 'clock'>,
  executor: Executor,
  record: AuditRecord,
): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      at: deps.clock.now().toISOString(),
      actor_id: record.actor?.id ?? null,
      actor_username: record.actor?.username ?? 'system',
      actor_role: record.actor?.user_type ?? null,
      action: record.action,
      object_type: record.objectType,
      object_id: record.objectId,
      summary: record.summary,
      before_json: record.before ? JSON.stringify(record.before) : null,
      after_json: record.after ? JSON.stringify(record.after) : null,
    })
    .execute();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Writes an erased customer's identifiers (name, username, e-mail, phone) over with `replacement`
 * in every audit entry that names them or that they made, marking each `redacted_at` (the one
 * change migration 033 lets an entry take). What was done, when, by which account id and in which
 * role stays as it was.
 */
export async function redactAudit(
  executor: Executor,
  userId: number,
  identifiers: readonly string[],
  replacement: { name: string; username: string },
  at: string,
): Promise<number> {
  const texts = [...new Set(identifiers.map((text) => text.trim()).filter((t) => t.length >= 3))]
    // The longest first: a full name before the username it may contain.
    .sort((a, b) => b.length - a.length);
  const columns = ['summary', 'before_json', 'after_json', 'actor_username'] as const;
  const rows = await executor
    .selectFrom('audit_log')
    .select(['id', 'actor_id', ...columns])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        ...texts.flatMap((text) =>
          columns.map((column) =>
            eb(sql<string>`lower(${sql.ref(column)})`, 'like', `%${text.toLowerCase()}%`),
          ),
        ),
      ]),
    )
    .execute();
  const pattern = texts.length > 0 ? new RegExp(texts.map(escapeRegExp).join('|'), 'gi') : null;
  const redact = (text: string | null) =>
    text === null || !pattern ? text : text.replace(pattern, replacement.name);
  for (const row of rows) {
    await executor
      .updateTable('audit_log')
      .set({
        summary: redact(row.summary) ?? '',
        before_json: redact(row.before_json),
        after_json: redact(row.after_json),
        actor_username:
          row.actor_id === userId ? replacement.username : (redact(row.actor_username) ?? ''),
        redacted_at: at,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
