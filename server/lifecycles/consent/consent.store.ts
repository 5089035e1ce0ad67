// The consents' store: the only code that writes consent. It asks the consent machine whether a
// grant or a withdrawal is allowed from the newest record, then writes with a conditional statement
// (an insert the partial unique index admits once, an update of the open grant only), with its
// audit entry in the same transaction.
import {
  consentFromApi,
  consentMachine,
  decide,
  PRIVACY_NOTICE_VERSION,
  type ConsentChannel,
  type ConsentEvent,
  type ConsentPurpose,
} from '@machines';
import type { User } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { auditPart, recordAudit } from '@server/lifecycles/audit.js';
import { allowed, nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import { refusalError } from '@server/errors.js';
import { refusal } from '@machines/shared';
import { newestConsent } from './consent.read.js';

export interface ConsentChange {
  userId: number;
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  event: ConsentEvent;
  /** Who acted: the customer, the owner, or null for a reply on WhatsApp. */
  actor: Pick<User, 'id' | 'username' | 'user_type'> | null;
}

export function createConsentStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /**
   * Grants or withdraws; throws the machine's refusal (400) when the record does not allow it.
   * Two concurrent grants: one inserts, the other is refused as already granted.
   */
  async function change(change: ConsentChange): Promise<void> {
    const { userId, channel, purpose, event, actor } = change;
    const newest = await newestConsent(db, userId, channel, purpose);
    const decision = allowed(
      decide(
        consentMachine,
        consentFromApi({
          granted_at: newest?.granted_at ?? null,
          withdrawn_at: newest?.withdrawn_at ?? null,
          method: newest?.grant_method ?? null,
          recorded_by: newest?.recorded_by ?? null,
        }),
        event,
      ),
    );
    const at = nowIso(deps);
    const what = { channel, purpose };
    try {
      await db.transaction().execute(async (trx) => {
        if (event.type === 'consent.grant') {
          const row = await trx
            .insertInto('consents')
            .values({
              user_id: userId,
              channel,
              purpose,
              granted_at: at,
              grant_method: event.method,
              recorded_by: decision.context.recordedBy,
              recorded_by_id: event.method === 'owner_recorded' ? (actor?.id ?? null) : null,
              notice_version: PRIVACY_NOTICE_VERSION,
              withdrawn_at: null,
              withdraw_method: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await recordAudit(deps, trx, {
            actor,
            action: 'consent.grant',
            objectType: 'consent',
            objectId: row.id,
            summary: {
              key: 'audit.summary.consent.grant',
              values: {
                ...what,
                user: userId,
                method: event.method,
                recorded: auditPart(decision.context.recordedBy, 'audit.part.recorded_by', {
                  name: decision.context.recordedBy ?? '',
                }),
              },
            },
            after: {
              channel,
              purpose,
              method: event.method,
              notice_version: PRIVACY_NOTICE_VERSION,
            },
          });
        } else {
          const row = await trx
            .updateTable('consents')
            .set({ withdrawn_at: at, withdraw_method: event.method })
            .where('user_id', '=', userId)
            .where('channel', '=', channel)
            .where('purpose', '=', purpose)
            .where('withdrawn_at', 'is', null)
            .returning('id')
            .executeTakeFirst();
          if (!row) throw refusalError(refusal('consent.not_granted'));
          await recordAudit(deps, trx, {
            actor,
            action: 'consent.withdraw',
            objectType: 'consent',
            objectId: row.id,
            summary: {
              key: 'audit.summary.consent.withdraw',
              values: { ...what, user: userId, method: event.method },
            },
            before: { status: 'granted' },
            after: { status: 'withdrawn', method: event.method },
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalError(refusal('consent.already_granted'));
      throw error;
    }
  }

  return { change };
}
