// The rules for recording money received at the mess (an offline payment), shared by the payment
// status machine's guards, the server's per-field answer, the owner's dialog and `dabba payments record`.
import { isAfter, isBefore, type IsoDate } from '../shared/dates';
import { isNonBlank } from '../shared/text';
import { paymentStatusRefusals } from './payment.messages';
import { refusal, type Refusal } from '../shared/refusals';
import { formatRupees } from '../shared/money';
import type {
  OfflinePaymentFacts,
  OfflinePaymentMode,
  PaymentStatus,
  PaymentStatusEvent,
} from './payment.types';

/** The status lifecycle has no buttons; every event comes from the server. */
export const paymentStatusActionProbes: readonly PaymentStatusEvent[] = [];

// Checkout: idle → creatingOrder → awaitingCheckout → verifying → succeeded | failed | dismissed, with retry.

/** Hosts reject openCheckout with this when the customer closes the provider's dialog. */
export class CheckoutDismissedError extends Error {
  readonly dismissed = true;
  constructor() {
    super('Checkout dismissed');
    this.name = 'CheckoutDismissedError';
  }
}

/** Structural, so an error crossing a bundle boundary is still recognised. */
export function isCheckoutDismissed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { dismissed?: unknown }).dismissed === true
  );
}

/** A receipt (HTML or PDF) exists only for a successful payment. */
export function receiptAvailable(status: PaymentStatus | string): boolean {
  return status === 'SUCCESS';
}

/** Any amount from ₹1 up to what the subscription still owes (part payments are welcome). */
export const isWithinDue = (facts: Pick<OfflinePaymentFacts, 'amountPaise' | 'amountDuePaise'>) =>
  facts.amountPaise >= 100 && facts.amountPaise <= facts.amountDuePaise;

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

export type OfflinePaymentProblem = Refusal & { readonly field: OfflinePaymentField };

/**
 * Every rule the recording breaks, each under its field, in field order. The payment status
 * machine's guards check the same predicates again when the payment is written.
 */
export function offlinePaymentProblems(facts: OfflinePaymentFacts): OfflinePaymentProblem[] {
  const { guards } = paymentStatusRefusals;
  const problems: OfflinePaymentProblem[] = [];
  if (!isWithinDue(facts)) {
    problems.push({
      field: 'amount',
      ...refusal('payment.amount_mismatch:due', { due: formatRupees(facts.amountDuePaise / 100) }),
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
