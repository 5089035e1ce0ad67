// The texts of machines/payment the owner's screens show (the Record Payment dialog's toasts, payment
// modes and gateways) as messages: the machine's English word for word, in the current language.
// tests/web/messages-superuser.test.ts keeps the English equal to the machine's; a mode or gateway
// no map knows is shown as paymentModeLabel or paymentGatewayLabel writes it.
import {
  type OFFLINE_PAYMENT_TOASTS,
  type OfflinePaymentMode,
  paymentGatewayLabel,
  paymentModeLabel,
} from '@machines/payment';
import { t, type MessageId } from '@web/i18n/i18n';

type ToastIds = { readonly title: MessageId; readonly message?: MessageId };

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
