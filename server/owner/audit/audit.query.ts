// The owner's audit log as a filtered, paged read (newest first). Entries are only ever added.
import { sql, type Kysely } from 'kysely';
import type { components } from '@generated/api.js';
import { addDays } from '@machines/shared';
import type { AuditEntry, Database } from '@server/platform/db/schema.js';
import type { QueryOf } from '@server/http.js';
import { auditActionLabel, auditSummaryOf } from '@server/lifecycles/audit.js';
import type { Language } from '@server/platform/i18n.js';
import { businessDayStart } from '@server/platform/time.js';

export type AuditQuery = NonNullable<QueryOf<'listAuditLog'>>;
export type AuditEntryBody = components['schemas']['AuditEntry'];

/** The entries matching `query`, without paging (page() adds the count, order and limit). */
export function auditLogQuery(db: Kysely<Database>, query: AuditQuery, timeZone: string) {
  let base = db.selectFrom('audit_log').selectAll();
  const action = query.action?.trim();
  if (action) {
    // `refund` is every refund action; `refund.mark_paid` is that one.
    base = action.includes('.')
      ? base.where('action', '=', action)
      : // Escaped, not dropped: a kind may have an underscore (`closed_day`).
        base.where(
          sql<boolean>`action like ${`${action.replace(/[\\%_]/g, '\\$&')}.%`} escape '\\'`,
        );
  }
  if (query.object_type) base = base.where('object_type', '=', query.object_type.trim());
  if (query.object_id) base = base.where('object_id', '=', query.object_id);
  if (query.actor) base = base.where('actor_username', '=', query.actor.trim());
  if (query.date_from) base = base.where('at', '>=', businessDayStart(query.date_from, timeZone));
  if (query.date_to) {
    base = base.where('at', '<', businessDayStart(addDays(query.date_to, 1), timeZone));
  }
  return base;
}

function parsed(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/** An entry for a reader of `language`: its action's name and its summary written in it. */
export function auditEntryBody(entry: AuditEntry, language: Language): AuditEntryBody {
  return {
    id: entry.id,
    at: entry.at,
    actor: entry.actor_username,
    actor_id: entry.actor_id,
    actor_role: entry.actor_role as AuditEntryBody['actor_role'],
    action: entry.action,
    action_label: auditActionLabel(language, entry.action),
    object_type: entry.object_type,
    object_id: entry.object_id,
    summary: auditSummaryOf(language, entry),
    before: parsed(entry.before_json),
    after: parsed(entry.after_json),
  };
}
