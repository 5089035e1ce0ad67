// The settings' store: the only code that writes them. A change and its audit entry commit in one
// transaction.
import {
  mergeSettings,
  paymentPolicyProblems,
  settingsProblems,
  type BusinessSettings,
  type BusinessSettingsChange,
} from '@machines/settings';
import type { User } from '@server/platform/db/schema.js';
import { refusalFieldErrors, refusalsError } from '@server/errors.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { nowIso, type StoreDeps } from '@server/lifecycles/store.js';
import { readSettings } from './settings.read.js';

export function createSettingsStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /**
   * Replaces the settings (already valid by the contract), audited with before and after. A part
   * the change leaves out keeps its saved value.
   */
  async function update(owner: User, change: BusinessSettingsChange): Promise<BusinessSettings> {
    return db.transaction().execute(async (trx) => {
      const before = await readSettings(trx);
      const next = mergeSettings(before, change);
      const problems = settingsProblems(next);
      if (problems.length > 0) throw refusalsError(problems);
      const policyProblems = paymentPolicyProblems(next.payments);
      if (policyProblems.length > 0) throw refusalFieldErrors(policyProblems);
      const values = {
        settings: JSON.stringify(next),
        updated_at: nowIso(deps),
        updated_by: owner.id,
      };
      await trx
        .insertInto('business_settings')
        .values({ id: 1, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'settings.update',
        objectType: 'settings',
        objectId: null,
        summary: { key: 'audit.summary.settings.update' },
        before: { ...before },
        after: { ...next },
      });
      return next;
    });
  }

  return { update };
}
