// The owner's audit log: every action of the owner or their staff (with the role they acted in) is recorded in the same transaction as the change it
// records, so the log and the data never disagree. Rows are only ever added (migration 005).
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
