// Migrations live in code and run at start-up, the same list for both databases.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '@server/platform/db/index.js';
import { initialMigration } from './001_initial.js';
import { careIndexesMigration } from './002_care_indexes.js';
import { accountLimitsMigration } from './003_account_limits.js';
import { attachmentBlobsMigration } from './004_attachment_blobs.js';
import { auditLogMigration } from './005_audit_log.js';
import { offlinePaymentsMigration } from './006_offline_payments.js';
import { refundPayoutsMigration } from './007_refund_payouts.js';
import { adjustmentsMigration } from './008_adjustments.js';
import { ownerHomeMigration } from './009_owner_home.js';
import { taxInvoicesMigration } from './010_tax_invoices.js';
import { paymentLookupsMigration } from './011_payment_lookups.js';
import { notificationEventsMigration } from './012_notification_events.js';
import { userLanguageMigration } from './013_user_language.js';
import { dataVersionsMigration } from './014_data_versions.js';
import { readVersionsMigration } from './015_read_versions.js';
import { settingsAndMealSkipsMigration } from './016_settings_and_meal_skips.js';
import { menuAndDietMigration } from './017_menu_and_diet.js';
import { closedDaysMigration } from './018_closed_days.js';
import { kitchenLocksMigration } from './019_kitchen_locks.js';
import { skipCreditsMigration } from './020_skip_credits.js';
import { walkInsMigration } from './024_walk_ins.js';
import { counterQrCodesMigration } from './026_counter_qr_codes.js';
import { ledgerMigration } from './021_ledger.js';
import { creditNotesMigration } from './023_credit_notes.js';
import { paymentLinksMigration } from './022_payment_links.js';
import { advancesMigration } from './042_advances.js';
import { reminderSendsMigration } from './025_reminder_sends.js';
import { staffMigration } from './027_staff.js';
import { signInCodesMigration } from './028_sign_in_codes.js';
import { consentsAndWhatsappMigration } from './031_consents_and_whatsapp.js';
import { erasureRequestsMigration } from './032_erasure_requests.js';
import { auditRedactionMigration } from './033_audit_redaction.js';
import { duesSearchMigration } from './029_dues_search.js';
import { deliveryRoutesMigration } from './030_delivery_routes.js';
import { deliveryStopVersionsMigration } from './034_delivery_stop_versions.js';
import { deliveryAreaIndexesMigration } from './035_delivery_area_indexes.js';
import { closedDayMealsMigration } from './036_closed_day_meals.js';
import { privacySeamsMigration } from './037_privacy_seams.js';
import { creditNoteRecipientsMigration } from './038_credit_note_recipients.js';
import { closureRulesMigration } from './043_closure_rules.js';
import { hindiWordsMigration } from './044_hindi_words.js';
import { messageProvidersMigration } from './045_message_providers.js';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001_initial': initialMigration(db.dialect),
    '002_care_indexes': careIndexesMigration(db.dialect),
    '003_account_limits': accountLimitsMigration(),
    '004_attachment_blobs': attachmentBlobsMigration(db.dialect),
    '005_audit_log': auditLogMigration(db.dialect),
    '006_offline_payments': offlinePaymentsMigration(),
    '007_refund_payouts': refundPayoutsMigration(),
    '008_adjustments': adjustmentsMigration(db.dialect),
    '009_owner_home': ownerHomeMigration(),
    '010_tax_invoices': taxInvoicesMigration(),
    '011_payment_lookups': paymentLookupsMigration(),
    '012_notification_events': notificationEventsMigration(),
    '013_user_language': userLanguageMigration(),
    '014_data_versions': dataVersionsMigration(db.dialect),
    '015_read_versions': readVersionsMigration(db.dialect),
    '016_settings_and_meal_skips': settingsAndMealSkipsMigration(db.dialect),
    '017_menu_and_diet': menuAndDietMigration(),
    '018_closed_days': closedDaysMigration(db.dialect),
    '019_kitchen_locks': kitchenLocksMigration(),
    '020_skip_credits': skipCreditsMigration(),
    '021_ledger': ledgerMigration(db.dialect),
    '023_credit_notes': creditNotesMigration(db.dialect),
    '022_payment_links': paymentLinksMigration(db.dialect),
    '024_walk_ins': walkInsMigration(db.dialect),
    '026_counter_qr_codes': counterQrCodesMigration(db.dialect),
    '025_reminder_sends': reminderSendsMigration(db.dialect),
    '027_staff': staffMigration(),
    '028_sign_in_codes': signInCodesMigration(),
    '029_dues_search': duesSearchMigration(db.dialect),
    '030_delivery_routes': deliveryRoutesMigration(db.dialect),
    '031_consents_and_whatsapp': consentsAndWhatsappMigration(db.dialect),
    '032_erasure_requests': erasureRequestsMigration(db.dialect),
    '033_audit_redaction': auditRedactionMigration(db.dialect),
    '034_delivery_stop_versions': deliveryStopVersionsMigration(),
    '035_delivery_area_indexes': deliveryAreaIndexesMigration(),
    '036_closed_day_meals': closedDayMealsMigration(),
    '037_privacy_seams': privacySeamsMigration(db.dialect),
    '038_credit_note_recipients': creditNoteRecipientsMigration(),
    '042_advances': advancesMigration(db.dialect),
    '043_closure_rules': closureRulesMigration(db.dialect),
    '044_hindi_words': hindiWordsMigration(),
    '045_message_providers': messageProvidersMigration(),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
}
