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

/** Texts to write over, each with what goes in its place. */
export type Replacements = ReadonlyMap<string, string>;

/**
 * Finds and writes over `replacements` in stored texts: case-insensitively, the longest first (a
 * full name before the username it may contain), as written and as JSON writes it inside a string.
 * Texts shorter than 3 characters are left alone: they would match everywhere. `terms` are the
 * lower-cased texts to look for with LIKE (its `_` and `%` match more, never less; the regular
 * expression then writes over exactly the texts).
 */
export function textRedaction(replacements: Replacements) {
  const forms = new Map<string, string>();
  for (const [text, replacement] of replacements) {
    const trimmed = text.trim();
    if (trimmed.length < 3) continue;
    forms.set(trimmed.toLowerCase(), replacement);
    forms.set(JSON.stringify(trimmed).slice(1, -1).toLowerCase(), replacement);
  }
  const terms = [...forms.keys()].sort((a, b) => b.length - a.length);
  // For LIKE, where a backslash escapes in PostgreSQL and not in SQLite: any one character.
  const likeTerms = terms.map((term) => term.replace(/\\/g, '_'));
  const pattern = terms.length > 0 ? new RegExp(terms.map(escapeRegExp).join('|'), 'gi') : null;
  return {
    terms: likeTerms,
    redact(text: string | null): string | null {
      if (text === null || !pattern) return text;
      return text.replace(pattern, (found) => forms.get(found.toLowerCase()) ?? found);
    },
  };
}

/**
 * Writes an erased customer's identifiers and the texts they gave over (`replacements`) in every
 * audit entry that holds one or that they made, marking each `redacted_at` (the one change
 * migration 033 lets an entry take). What was done, when, by which account id and in which role
 * stays as it was; the entries they made are signed `actorUsername`.
 */
export async function redactAudit(
  executor: Executor,
  userId: number,
  replacements: Replacements,
  actorUsername: string,
  at: string,
): Promise<number> {
  const { terms, redact } = textRedaction(replacements);
  const columns = ['summary', 'before_json', 'after_json', 'actor_username'] as const;
  const rows = await executor
    .selectFrom('audit_log')
    .select(['id', 'actor_id', ...columns])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        ...terms.flatMap((term) =>
          columns.map((column) => eb(sql<string>`lower(${sql.ref(column)})`, 'like', `%${term}%`)),
        ),
      ]),
    )
    .execute();
  for (const row of rows) {
    await executor
      .updateTable('audit_log')
      .set({
        summary: redact(row.summary) ?? '',
        before_json: redact(row.before_json),
        after_json: redact(row.after_json),
        actor_username:
          row.actor_id === userId ? actorUsername : (redact(row.actor_username) ?? ''),
        redacted_at: at,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
