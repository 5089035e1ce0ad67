// A customer's account's statuses and events, shared by its machine, rules and messages.

/** A customer's account, as the API sends it and the machine's states name it. */
export const DUES_STATUSES = ['SETTLED', 'DUE', 'OVERDUE', 'IN_CREDIT'] as const;

export type DuesStatus = (typeof DUES_STATUSES)[number];

export type DuesEvent =
  /** The customer pays what they owe online (a payment link for their dues). */
  | { readonly type: 'dues.pay' }
  /** The owner records money received at the counter against the dues. */
  | { readonly type: 'dues.record_payment' }
  /** The owner sends the customer a payment link for the dues. */
  | { readonly type: 'dues.send_link' }
  /** The owner (or the reminder schedule) reminds the customer of overdue dues. */
  | { readonly type: 'dues.remind' }
  /** The owner pays back the customer's advance (money paid beyond what was owed), in one step. */
  | { readonly type: 'dues.refund_advance' };
