// An advance: what a customer paid beyond what they owed, kept in their ledger on no subscription.
// Their next bill uses it, or the owner pays it back in one step; these are that step's rules,
// which the owner's form, `dabba` and the server explain under the same fields.
import type { OfflinePaymentMode } from '../payment/payment.types';
import { formatRupees, rupeesFromPaise } from '../shared/money';
import { refusal, type Refusal } from '../shared/refusals';
import { isNonBlank } from '../shared/text';
import { MIN_PAYMENT_PAISE } from './dues.rules';

/** What paying back an advance is decided on. */
export interface AdvanceRefundFacts {
  readonly amountPaise: number;
  /** The advance the customer holds now. */
  readonly heldPaise: number;
  readonly method: OfflinePaymentMode;
  readonly reference: string | null;
  readonly adminComment: string;
}

/** The request fields the rules speak about, as the API names them. */
export type AdvanceRefundField = 'amount' | 'reference' | 'admin_comment';

export type AdvanceRefundProblem = Refusal & { readonly field: AdvanceRefundField };

/** Every rule paying back `facts` breaks, each under its field, in field order. */
export function advanceRefundProblems(facts: AdvanceRefundFacts): AdvanceRefundProblem[] {
  const problems: AdvanceRefundProblem[] = [];
  if (facts.heldPaise < MIN_PAYMENT_PAISE) {
    problems.push({ field: 'amount', ...refusal('advance.nothing_held') });
  } else if (facts.amountPaise < MIN_PAYMENT_PAISE) {
    problems.push({ field: 'amount', ...refusal('advance.amount_too_low') });
  } else if (facts.amountPaise > facts.heldPaise) {
    problems.push({
      field: 'amount',
      ...refusal('advance.amount_above_held', {
        held: formatRupees(rupeesFromPaise(facts.heldPaise)),
      }),
    });
  }
  if (facts.method !== 'cash' && !isNonBlank(facts.reference)) {
    problems.push({ field: 'reference', ...refusal('advance.reference_required') });
  }
  if (!isNonBlank(facts.adminComment)) {
    problems.push({ field: 'admin_comment', ...refusal('advance.comment_required') });
  }
  return problems;
}
