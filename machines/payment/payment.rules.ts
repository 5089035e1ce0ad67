// The rules for recording money received at the mess (an offline payment), shared by the payment
// status machine's guards, the server's per-field answer, the owner's dialog and `dabba payments record`.
import type { IsoDate } from '../shared/dates';
import { isAfter, isBefore } from '../shared/dates';
import { isNonBlank } from '../shared/text';
import type { OfflinePaymentFacts, OfflinePaymentMode } from './payment.context';
import { offlineAmountMessage, paymentStatusRefusals } from './payment.messages';
import { formatRupees } from '../shared/money';

/** Only the full price activates a subscription: there is no part payment. */
export const isFullAmount = (facts: Pick<OfflinePaymentFacts, 'amountPaise' | 'amountDuePaise'>) =>
  facts.amountPaise === facts.amountDuePaise;

/** UPI and bank transfers leave a trace to quote; cash may not. */
export const referenceRequired = (mode: OfflinePaymentMode) => mode !== 'cash';

export const hasRequiredReference = (facts: Pick<OfflinePaymentFacts, 'mode' | 'reference'>) =>
  !referenceRequired(facts.mode) || isNonBlank(facts.reference);

export const wasReceivedByToday = (facts: Pick<OfflinePaymentFacts, 'receivedOn' | 'today'>) =>
  !isAfter(facts.receivedOn, facts.today);

export const wasReceivedAfterSubscribing = (
  facts: Pick<OfflinePaymentFacts, 'receivedOn' | 'subscriptionCreatedOn'>,
) => !isBefore(facts.receivedOn, facts.subscriptionCreatedOn);

/** The request fields an offline payment's rules speak about, as the API names them. */
export type OfflinePaymentField = 'amount' | 'reference' | 'received_on';

export interface OfflinePaymentProblem {
  readonly field: OfflinePaymentField;
  readonly code: string;
  readonly message: string;
}

/**
 * Every rule the recording breaks, each under its field, in field order. The payment status
 * machine's guards check the same predicates again when the payment is written.
 */
export function offlinePaymentProblems(facts: OfflinePaymentFacts): OfflinePaymentProblem[] {
  const { guards } = paymentStatusRefusals;
  const problems: OfflinePaymentProblem[] = [];
  if (!isFullAmount(facts)) {
    problems.push({
      field: 'amount',
      code: guards.isFullAmount.code,
      message: offlineAmountMessage(formatRupees(facts.amountDuePaise / 100)),
    });
  }
  if (!hasRequiredReference(facts)) {
    problems.push({ field: 'reference', ...guards.hasRequiredReference });
  }
  if (!wasReceivedByToday(facts)) {
    problems.push({ field: 'received_on', ...guards.wasReceivedByToday });
  } else if (!wasReceivedAfterSubscribing(facts)) {
    problems.push({ field: 'received_on', ...guards.wasReceivedAfterSubscribing });
  }
  return problems;
}

/** The earliest and latest date the money can have been received on (for date pickers). */
export function receivedOnRange(
  facts: Pick<OfflinePaymentFacts, 'today' | 'subscriptionCreatedOn'>,
): {
  readonly min: IsoDate;
  readonly max: IsoDate;
} {
  return { min: facts.subscriptionCreatedOn, max: facts.today };
}

/** How each way of paying is written for people. */
export const OFFLINE_PAYMENT_MODE_LABELS: Record<OfflinePaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
};

/** The provider's ways of paying (Razorpay's `method`, the sandbox's own) as people read them. */
const ONLINE_PAYMENT_MODE_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  paylater: 'Pay later',
  sandbox: 'Sandbox (test)',
};

/** A payment mode as people read it; a mode no map knows, as the provider reported it. */
export function paymentModeLabel(mode: string | null): string | null {
  if (mode === null) return null;
  return (
    (OFFLINE_PAYMENT_MODE_LABELS as Record<string, string>)[mode] ??
    ONLINE_PAYMENT_MODE_LABELS[mode] ??
    mode
  );
}

/** A payment's gateway as people read it (receipts, Payment History, the owner's views). */
export function paymentGatewayLabel(gateway: string): string {
  if (gateway === 'offline') return 'Paid at the mess';
  if (gateway === 'sandbox') return 'Sandbox (test)';
  if (gateway === 'razorpay') return 'Razorpay';
  return gateway;
}
