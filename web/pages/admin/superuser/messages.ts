// The texts of machines/ the owner's Payments and Users screens show (toasts, payment
// modes and gateways, the export's sources and columns) as messages: the machines' English word for
// word, in the current language. tests/web/messages-superuser.test.ts keeps the English equal to the
// machines'; a text no map knows (a new mode, a server's sentence) is shown as it comes.
import { columnHeader, type ExportSource } from '@machines/export';
import {
  type OFFLINE_PAYMENT_TOASTS,
  type OfflinePaymentMode,
  paymentGatewayLabel,
  paymentModeLabel,
} from '@machines/payment';
import type { SUBSCRIPTION_ADJUSTMENT_TOASTS } from '@machines/subscription';
import { t, type MessageId } from '@web/i18n/i18n';

type ToastIds = { readonly title: MessageId; readonly message?: MessageId };

/** SUBSCRIPTION_ADJUSTMENT_TOASTS as messages. */
export const ADJUSTMENT_TOAST_MESSAGES = {
  adjusted: { title: 'superuser.toast.adjusted.title' },
  adjustFailed: {
    title: 'superuser.toast.adjustFailed.title',
    message: 'superuser.toast.adjustFailed.message',
  },
  extendedAll: { title: 'superuser.toast.extendedAll.title' },
  extendAllFailed: {
    title: 'superuser.toast.extendAllFailed.title',
    message: 'superuser.toast.extendAllFailed.message',
  },
} as const satisfies Record<keyof typeof SUBSCRIPTION_ADJUSTMENT_TOASTS, ToastIds>;

/** The OFFLINE_PAYMENT_TOASTS texts the Record Payment dialog shows, as messages. */
export const OFFLINE_PAYMENT_TOAST_MESSAGES = {
  recorded: { title: 'superuser.toast.recorded.title' },
  failed: {
    title: 'superuser.toast.recordFailed.title',
    message: 'superuser.toast.recordFailed.message',
  },
} as const satisfies Record<keyof typeof OFFLINE_PAYMENT_TOASTS, ToastIds>;

/** paymentModeLabel's names, by mode. */
export const PAYMENT_MODE_MESSAGES = {
  cash: 'superuser.paymentMode.cash',
  upi: 'superuser.paymentMode.upi',
  bank_transfer: 'superuser.paymentMode.bank_transfer',
  card: 'superuser.paymentMode.card',
  netbanking: 'superuser.paymentMode.netbanking',
  wallet: 'superuser.paymentMode.wallet',
  paylater: 'superuser.paymentMode.paylater',
  sandbox: 'superuser.paymentMode.sandbox',
} as const satisfies Record<string, MessageId>;

const PAYMENT_MODES: Readonly<Record<string, MessageId>> = PAYMENT_MODE_MESSAGES;

/** A payment mode as people read it; EMI and a mode no map knows, as paymentModeLabel writes it. */
export function paymentModeText(mode: string | null): string | null {
  if (mode === null) return null;
  const id = Object.hasOwn(PAYMENT_MODES, mode) ? PAYMENT_MODES[mode] : undefined;
  return id ? t(id) : paymentModeLabel(mode);
}

/** An offline payment mode (cash, UPI, bank transfer) as people read it. */
export const offlineModeText = (mode: OfflinePaymentMode): string => t(PAYMENT_MODE_MESSAGES[mode]);

/** paymentGatewayLabel's names, by gateway (Razorpay is Razorpay in every language). */
export const GATEWAY_MESSAGES = {
  offline: 'superuser.gateway.offline',
  sandbox: 'superuser.gateway.sandbox',
} as const satisfies Record<string, MessageId>;

const GATEWAYS: Readonly<Record<string, MessageId>> = GATEWAY_MESSAGES;

export function gatewayText(gateway: string): string {
  const id = Object.hasOwn(GATEWAYS, gateway) ? GATEWAYS[gateway] : undefined;
  return id ? t(id) : paymentGatewayLabel(gateway);
}

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
