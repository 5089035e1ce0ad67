// How a payment's gateway and mode read (machines/payment/payment.rules.ts words them for the CLI),
// in the current language. tests/web/messages-customer-commerce.test.ts keeps the English equal to
// the machine's. Names that read the same in Hindi (Razorpay, UPI, EMI) keep the machine's word.
import { paymentGatewayLabel, paymentModeLabel } from '@machines/payment';
import type { MessageId, Translate } from '@web/i18n/i18n';

export const PAYMENT_GATEWAY_MESSAGES: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['offline', 'payments.gateway.offline'],
  ['sandbox', 'payments.gateway.sandbox'],
]);

export const PAYMENT_MODE_MESSAGES: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['cash', 'payments.mode.cash'],
  ['bank_transfer', 'payments.mode.bankTransfer'],
  ['card', 'payments.mode.card'],
  ['netbanking', 'payments.mode.netbanking'],
  ['wallet', 'payments.mode.wallet'],
  ['paylater', 'payments.mode.payLater'],
  ['sandbox', 'payments.gateway.sandbox'],
]);

/** "Paid at the mess", "Razorpay", … for a payment's gateway. */
export function gatewayText(t: Translate, gateway: string): string {
  const id = PAYMENT_GATEWAY_MESSAGES.get(gateway);
  return id ? t(id) : paymentGatewayLabel(gateway);
}

/** "Cash", "UPI", "Card", … for a payment's mode; null without one. */
export function modeText(t: Translate, mode: string | null): string | null {
  const id = mode === null ? undefined : PAYMENT_MODE_MESSAGES.get(mode);
  return id ? t(id) : paymentModeLabel(mode);
}
