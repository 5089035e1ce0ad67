// The owner's audit log: every action of the owner or their staff (with the role they acted in) is recorded in the same transaction as the change it
// records, so the log and the data never disagree. Rows are only ever added (migration 005).
// What happened is kept as a message of the catalogues and its values (migration 043), written
// in each reader's language when the log is read; the English is kept beside it as written.
import { sql } from 'kysely';
import { ERASED_FIRST_NAME } from '@machines/erasure';
import type { AuditEntry, User } from '@server/platform/db/schema.js';
import { formatDate, formatMoney, hasMessage, t, type Language } from '@server/platform/i18n.js';
import type { Executor, StoreDeps } from './store.js';

/**
 * A value of a summary, written in the reader's language: a number (as it is, and what ICU's
 * plural counts), a text as it was given (a name, a reason), a sum of money in paise, a calendar
 * date, a text the owner gave in both languages (a plan's name: the Hindi when there is one), or
 * another message of the catalogues (a label, a part of a sentence).
 */
export type AuditValue =
  | string
  | number
  | { readonly money: number }
  | { readonly date: string }
  | { readonly text: { readonly en: string; readonly hi?: string | null } }
  | { readonly message: string; readonly values?: AuditValues }
  | { readonly list: readonly AuditValue[] };

export type AuditValues = Readonly<Record<string, AuditValue>>;

/** A summary: the message `audit.summary.…` of server/locales and its values. */
export interface AuditSummary {
  readonly key: string;
  readonly values?: AuditValues;
}

export interface AuditRecord {
  /** The owner or staff member who acted (their role is recorded with them); null: the server. */
  actor: Pick<User, 'id' | 'username' | 'user_type'> | null;
  /** The event, named like the machines' events: leave.approve, refund.mark_paid, plan.update… */
  action: string;
  objectType: string;
  objectId: number | null;
  /** One sentence for people, e.g. "Approved leave #12 (3 days): …", as a message and values. */
  summary: AuditSummary;
  /** The fields the action changed, before and after (null when the object is new or gone). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** A part of a sentence, or nothing: an optional part of a summary (`{utr}` when there is one). */
export const auditPart = (present: unknown, key: string, values?: AuditValues): AuditValue =>
  present ? { message: key, values } : '';

/** A label of the catalogues when it has one (`label.payment_mode.cash`), else `raw` as it is. */
export const auditLabel = (prefix: string, raw: string): AuditValue =>
  hasMessage('en', `${prefix}.${raw}`) ? { message: `${prefix}.${raw}` } : raw;

/** Appends one entry, in `executor` (the caller's transaction when it has one). */
export async function recordAudit(
  deps: Pick<StoreDeps, 'clock'>,
  executor: Executor,
  record: AuditRecord,
): Promise<void> {
  const { key, values } = record.summary;
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
      summary: summaryIn('en', key, values ?? {}),
      summary_key: key,
      summary_values: values ? JSON.stringify(values) : null,
      before_json: record.before ? JSON.stringify(record.before) : null,
      after_json: record.after ? JSON.stringify(record.after) : null,
    })
    .execute();
}

// An erased customer as the erasure writes them ("Erased customer #12", machines/erasure) and the
// username it gives them ("erased-12"): in the reader's words.
const ERASED = new RegExp(`^(?:${ERASED_FIRST_NAME} #|erased-)(\\d+)$`);

/** A person's name or username as given, an erased one in `language`'s words. */
function auditPerson(language: Language, name: string): string {
  const erased = ERASED.exec(name.trim());
  return erased ? t(language, 'label.person.erased', { id: Number(erased[1]) }) : name;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function written(language: Language, value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return auditPerson(language, value);
  if (Array.isArray(value)) return value.map((item) => written(language, item)).join(', ');
  if (!isRecord(value)) return '';
  if (typeof value.money === 'number') return formatMoney(language, value.money);
  if (typeof value.date === 'string') return formatDate(language, value.date);
  if (isRecord(value.text)) {
    const hindi = typeof value.text.hi === 'string' ? value.text.hi.trim() : '';
    return language === 'hi' && hindi ? hindi : String(value.text.en ?? '');
  }
  if (Array.isArray(value.list)) return written(language, value.list);
  if (typeof value.message === 'string') {
    // A part keeps its spaces: " (UTR {utr})" follows a word.
    return messageIn(language, value.message, isRecord(value.values) ? value.values : {});
  }
  return '';
}

function messageIn(language: Language, key: string, values: Readonly<Record<string, unknown>>) {
  const filled = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, written(language, value)]),
  );
  return t(language, key, filled);
}

/** A whole summary: no space left at its ends by an empty part ("… {comment}" without one). */
const summaryIn = (language: Language, key: string, values: Readonly<Record<string, unknown>>) =>
  messageIn(language, key, values).trim();

/**
 * An entry's summary for a reader of `language`: its message and values written in it; an older
 * entry (no message), or one whose message this server does not know, as it was written.
 */
export function auditSummaryOf(
  language: Language,
  entry: Pick<AuditEntry, 'summary' | 'summary_key' | 'summary_values'>,
): string {
  if (!entry.summary_key || !hasMessage('en', entry.summary_key)) return entry.summary;
  try {
    const values: unknown = entry.summary_values ? JSON.parse(entry.summary_values) : {};
    return isRecord(values) ? summaryIn(language, entry.summary_key, values) : entry.summary;
  } catch {
    return entry.summary;
  }
}

/** An action's name for a reader of `language` (`refund.mark_paid`: "Refund paid"), else its code. */
export function auditActionLabel(language: Language, action: string): string {
  const key = `audit.action.${action}`;
  return hasMessage('en', key) ? t(language, key) : action;
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
 * A summary's values with the texts in them written over; their names (JSON's keys) and the
 * catalogue's message ids they name are left alone.
 */
function redactValues(json: string | null, redact: (text: string | null) => string | null) {
  if (json === null) return null;
  const over = (value: unknown): unknown =>
    typeof value === 'string'
      ? redact(value)
      : Array.isArray(value)
        ? value.map(over)
        : isRecord(value)
          ? Object.fromEntries(
              Object.entries(value).map(([name, inner]) => [
                name,
                name === 'message' ? inner : over(inner),
              ]),
            )
          : value;
  try {
    return JSON.stringify(over(JSON.parse(json)));
  } catch {
    return redact(json);
  }
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
  const columns = [
    'summary',
    'summary_values',
    'before_json',
    'after_json',
    'actor_username',
  ] as const;
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
        summary_values: redactValues(row.summary_values, redact),
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
