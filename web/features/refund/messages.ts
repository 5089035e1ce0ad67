// The texts machines/refund words for a refund's payout details (which `dabba` shows too), as
// messages: the same English, in the current language. tests/web/messages-customer-commerce.test.ts
// keeps the English equal to the machine's.
import {
  ACCOUNT_HOLDER_NAME_MAX,
  PAYOUT_MESSAGES,
  type PayoutField,
  type RefundPayout,
  type RefundPayoutMasked,
  shownUpiId,
} from '@machines/refund';
import type { MessageId, Translate } from '@web/i18n/i18n';

/** PAYOUT_MESSAGES: each payout field's message for each rule it can break. */
export const PAYOUT_ERROR_MESSAGES = {
  upi_id: {
    required: 'subscriptions.payout.error.upiRequired',
    pattern: 'subscriptions.payout.error.upiPattern',
  },
  account_holder_name: {
    required: 'subscriptions.payout.error.holderRequired',
    maxLength: 'subscriptions.payout.error.holderMaxLength',
  },
  account_number: {
    required: 'subscriptions.payout.error.accountNumberRequired',
    pattern: 'subscriptions.payout.error.accountNumberPattern',
  },
  ifsc: {
    required: 'subscriptions.payout.error.ifscRequired',
    pattern: 'subscriptions.payout.error.ifscPattern',
  },
} as const satisfies {
  [Field in PayoutField]: Record<keyof (typeof PAYOUT_MESSAGES)[Field], MessageId>;
};

/** The values the payout messages take ({max} of the account holder's name). */
export const PAYOUT_ERROR_VALUES = { max: ACCOUNT_HOLDER_NAME_MAX } as const;

/**
 * A payout field's error in the current language: a rule's message of the payout rules is
 * translated; a sentence from the server (already in the app's language) stays as it is.
 */
export function payoutErrorText(t: Translate, field: PayoutField, message: string): string {
  const rules: Readonly<Record<string, string>> = PAYOUT_MESSAGES[field];
  const ids: Readonly<Record<string, MessageId>> = PAYOUT_ERROR_MESSAGES[field];
  const rule = Object.keys(rules).find((name) => rules[name] === message);
  const id = rule === undefined ? undefined : ids[rule];
  return id ? t(id, PAYOUT_ERROR_VALUES) : message;
}

/** describePayout() in the current language: "UPI asha@okaxis", "Bank account XXXX4321 (…)". */
export function payoutText(t: Translate, payout: RefundPayout | RefundPayoutMasked | null): string {
  if (!payout) return t('subscriptions.payout.notGiven');
  if (payout.method === 'upi')
    return t('subscriptions.payout.describeUpi', { upiId: shownUpiId(payout) });
  return t('subscriptions.payout.describeBank', {
    number: 'account_number' in payout ? payout.account_number : payout.account_number_masked,
    name: payout.account_holder_name,
    ifsc: payout.ifsc,
  });
}
