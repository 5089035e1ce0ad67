// The export's sources and columns (machines/export) as messages: the machine's English word for
// word, in the current language. tests/web/messages-superuser.test.ts keeps the English equal to
// the machine's; a column no map knows is shown as columnHeader writes it.
import { columnHeader, type ExportSource } from '@machines/export';
import { t, type MessageId } from '@web/i18n/i18n';

/** EXPORT_SOURCE_LABELS as messages. */
export const EXPORT_SOURCE_MESSAGES = {
  users: 'superuser.export.source.users',
  active_subscribers: 'superuser.export.source.active_subscribers',
} as const satisfies Record<ExportSource, MessageId>;

/** The export's column headers (EXPORT_COLUMNS) as the dialog names them; the file keeps English. */
export const EXPORT_COLUMN_MESSAGES: Readonly<Record<string, MessageId>> = {
  username: 'superuser.export.column.username',
  full_name: 'superuser.export.column.full_name',
  phone: 'superuser.export.column.phone',
  subscription_status: 'superuser.export.column.subscription_status',
  email: 'superuser.export.column.email',
  user_type: 'superuser.export.column.user_type',
  address: 'superuser.export.column.address',
  landmark: 'superuser.export.column.landmark',
  institute: 'superuser.export.column.institute',
  student_id: 'superuser.export.column.student_id',
  hostel: 'superuser.export.column.hostel',
  year: 'superuser.export.column.year',
  course: 'superuser.export.column.course',
  plan_name: 'superuser.export.column.plan_name',
  service_type: 'superuser.export.column.service_type',
  days_remaining: 'superuser.export.column.days_remaining',
  total_paid: 'superuser.export.column.total_paid',
  phone_verified: 'superuser.export.column.phone_verified',
  last_login: 'superuser.export.column.last_login',
};

export function exportColumnText(key: string): string {
  const id = Object.hasOwn(EXPORT_COLUMN_MESSAGES, key) ? EXPORT_COLUMN_MESSAGES[key] : undefined;
  return id ? t(id) : columnHeader(key);
}

/** exportSuccessNotice in the current language. */
export function exportSuccessText(recordCount: number): { title: string; message: string } {
  return {
    title: t('superuser.export.toast.title'),
    message: t('superuser.export.toast.message', { count: recordCount }),
  };
}
