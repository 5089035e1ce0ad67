// Where a refund is paid (docs/rules/refund.md, payouts): the payout details' rules and texts for the web
// form, the masking every view but the owner's payout view applies, and how a payout reads. The
// contract (openapi.yaml UpiPayout, BankPayout) carries the same patterns and messages; a test keeps
// them equal (tests/machines/refund-payout.test.ts).
import { refusal } from '../shared/refusals';
import type { components } from '../../generated/api';
import type { Refusal } from '../shared/refusals';
import { isNonBlank } from '../shared/text';
import { REFUND_STATUS_LABELS } from './refund.messages';
import type { RefundEvent, RefundStatus, RefundStatusDisplay } from './refund.types';

export const REFUND_OWNER_ACTIONS = [
  'refund.approve',
  'refund.reject',
  'refund.mark_paid',
] as const;

/**
 * Well-formed examples of the owner's actions, in display order, for allowedEvents() (the owner's
 * buttons); the customer's refund.update_payout is asked with selectCanChangePayout.
 */
export const refundActionProbes: readonly RefundEvent[] = [
  { type: 'refund.approve', adminComment: 'ok' },
  { type: 'refund.reject', adminComment: 'ok' },
  { type: 'refund.mark_paid', adminComment: 'ok' },
];

/** The refund as the subscription card shows it, null meaning none was requested. */
export function refundStatusDisplay(status: RefundStatus | null | undefined): RefundStatusDisplay {
  return status ? REFUND_STATUS_LABELS[status] : 'No refund requested';
}

/** The filter buttons of the admin refunds page, in order. */
export const REFUND_FILTERS = ['ALL', 'PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const;

export type RefundPayout = components['schemas']['RefundPayout'];
export type RefundPayoutMasked = components['schemas']['RefundPayoutMasked'];
export type PayoutMethod = RefundPayout['method'];

export const PAYOUT_METHODS: readonly PayoutMethod[] = ['upi', 'bank'];

export const PAYOUT_PATTERNS = {
  upi_id: /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/,
  account_number: /^[0-9]{9,18}$/,
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
} as const;

export const ACCOUNT_HOLDER_NAME_MAX = 100;

/** Each field's message for a failed rule, as the API words them (x-messages). */
export const PAYOUT_MESSAGES = {
  upi_id: { required: 'UPI ID is required', pattern: 'Enter a UPI ID like name@bank' },
  account_holder_name: {
    required: 'Account holder name is required',
    maxLength: `Account holder name must be at most ${ACCOUNT_HOLDER_NAME_MAX} characters`,
  },
  account_number: {
    required: 'Account number is required',
    pattern: 'Account number must be 9 to 18 digits',
  },
  ifsc: {
    required: 'IFSC is required',
    pattern:
      'IFSC must be 11 characters: 4 capital letters, 0, then 6 letters or digits (e.g. SBIN0001234)',
  },
} as const;

export type PayoutField = keyof typeof PAYOUT_MESSAGES;

/** Only an APPROVED refund's payout details are shown in full (getRefundPayout). */
export const refundPayoutRefusals = {
  notPayable: refusal('refund.not_payable'),
  none: refusal('refund.no_payout'),
} as const satisfies Record<string, Refusal>;

/** What a payout form holds: every field as typed, whichever method is chosen. */
export interface PayoutDraft {
  readonly method: PayoutMethod;
  readonly upi_id: string;
  readonly account_holder_name: string;
  readonly account_number: string;
  readonly ifsc: string;
}

export const EMPTY_PAYOUT_DRAFT: PayoutDraft = {
  method: 'upi',
  upi_id: '',
  account_holder_name: '',
  account_number: '',
  ifsc: '',
};

/**
 * The payout a draft stands for, as it is sent: trimmed, spaces and dashes dropped from the account
 * number (people copy it in groups), the IFSC in capitals. Only the chosen method's fields.
 */
export function payoutFromDraft(draft: PayoutDraft): RefundPayout {
  if (draft.method === 'upi') return { method: 'upi', upi_id: draft.upi_id.trim() };
  return {
    method: 'bank',
    account_holder_name: draft.account_holder_name.trim().replace(/\s+/g, ' '),
    account_number: draft.account_number.replace(/[\s-]/g, ''),
    ifsc: draft.ifsc.trim().toUpperCase(),
  };
}

/** The chosen method's fields that break a rule, each with its message (empty when valid). */
export function validatePayoutDraft(draft: PayoutDraft): Partial<Record<PayoutField, string>> {
  const payout = payoutFromDraft(draft);
  const errors: Partial<Record<PayoutField, string>> = {};
  if (payout.method === 'upi') {
    if (!isNonBlank(payout.upi_id)) errors.upi_id = PAYOUT_MESSAGES.upi_id.required;
    else if (!PAYOUT_PATTERNS.upi_id.test(payout.upi_id)) {
      errors.upi_id = PAYOUT_MESSAGES.upi_id.pattern;
    }
    return errors;
  }
  if (!isNonBlank(payout.account_holder_name)) {
    errors.account_holder_name = PAYOUT_MESSAGES.account_holder_name.required;
  } else if (payout.account_holder_name.length > ACCOUNT_HOLDER_NAME_MAX) {
    errors.account_holder_name = PAYOUT_MESSAGES.account_holder_name.maxLength;
  }
  if (payout.account_number === '') {
    errors.account_number = PAYOUT_MESSAGES.account_number.required;
  } else if (!PAYOUT_PATTERNS.account_number.test(payout.account_number)) {
    errors.account_number = PAYOUT_MESSAGES.account_number.pattern;
  }
  if (payout.ifsc === '') errors.ifsc = PAYOUT_MESSAGES.ifsc.required;
  else if (!PAYOUT_PATTERNS.ifsc.test(payout.ifsc)) errors.ifsc = PAYOUT_MESSAGES.ifsc.pattern;
  return errors;
}

/** Every digit but the last 4 replaced by X: 123456784321 → XXXXXXXX4321. */
export function maskAccountNumber(accountNumber: string): string {
  const keep = accountNumber.slice(-4);
  return 'X'.repeat(Math.max(0, accountNumber.length - keep.length)) + keep;
}

/** A UPI id with the name hidden but its first two characters: asha.verma@okaxis → as********@okaxis. */
export function maskUpiId(upiId: string): string {
  const at = upiId.lastIndexOf('@');
  const name = at < 0 ? upiId : upiId.slice(0, at);
  return (
    name.slice(0, 2) + '*'.repeat(Math.max(0, name.length - 2)) + (at < 0 ? '' : upiId.slice(at))
  );
}

/**
 * Who reads a refund's UPI id whole: the customer it is owed to, and the owner, who pays it. A
 * manager, or any other role, reads it masked (docs/rules/refund.md: payouts).
 */
export function readsWholeUpiId(
  viewer: { readonly id: number; readonly user_type: string },
  customerId: number,
): boolean {
  return viewer.user_type === 'mess_owner' || viewer.id === customerId;
}

/** The UPI id an answer carries, whole or masked (`as********@okaxis`), as every screen shows it. */
export function shownUpiId(
  payout: Extract<RefundPayout | RefundPayoutMasked, { method: 'upi' }>,
): string {
  return 'upi_id' in payout ? payout.upi_id : payout.upi_id_masked;
}

/**
 * The payout as every view but the owner's payout view shows it: the account number masked; the
 * UPI id whole only where `wholeUpiId` (readsWholeUpiId).
 */
export function maskPayout(payout: RefundPayout, wholeUpiId: boolean): RefundPayoutMasked {
  if (payout.method === 'upi') {
    return wholeUpiId
      ? { method: 'upi', upi_id: payout.upi_id }
      : { method: 'upi', upi_id_masked: maskUpiId(payout.upi_id) };
  }
  return {
    method: 'bank',
    account_holder_name: payout.account_holder_name,
    account_number_masked: maskAccountNumber(payout.account_number),
    ifsc: payout.ifsc,
  };
}

/** One line for a person: "UPI asha@okaxis" or "Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234)". */
export function describePayout(payout: RefundPayout | RefundPayoutMasked | null): string {
  if (!payout) return 'Not given yet';
  if (payout.method === 'upi') return `UPI ${shownUpiId(payout)}`;
  const number = 'account_number' in payout ? payout.account_number : payout.account_number_masked;
  return `Bank account ${number} (${payout.account_holder_name}, ${payout.ifsc})`;
}
