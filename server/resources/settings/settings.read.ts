// The settings in force, for any folder that decides by them (meal skips, the kitchen): the saved
// row, or the defaults of machines/settings until the owner first saves.
import { DEFAULT_SETTINGS, mergeSettings, type BusinessSettings } from '@machines/settings';
import type { Executor } from '@server/lifecycles/store.js';

export async function readSettings(db: Executor): Promise<BusinessSettings> {
  const row = await db
    .selectFrom('business_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  // Saved whole by the store after the contract's validation; defaults fill what an older save
  // did not have (a row from before the leave policy and skip credit existed).
  return mergeSettings(DEFAULT_SETTINGS, JSON.parse(row.settings) as Partial<BusinessSettings>);
}
