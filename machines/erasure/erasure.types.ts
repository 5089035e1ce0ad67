// An erasure request's statuses, events and context, shared by its machine, rules and messages.

export const ERASURE_STATUSES = ['requested', 'completed', 'cancelled'] as const;

export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

export type ErasureEvent =
  /** The customer changes their mind while the request waits. */
  | { readonly type: 'erasure.cancel' }
  /** The owner erases the account: personal data removed, tax records kept. */
  | { readonly type: 'erasure.complete' };

/** The customer's business with the mess when the owner acts (read fresh each time). */
export interface ErasureContext {
  /** ACTIVE subscriptions whose end date has not passed: meals still cooked and delivered. */
  readonly activeSubscriptions: number;
  /** Subscriptions awaiting payment: a payment may still arrive for them. */
  readonly pendingSubscriptions: number;
  /** What the customer owes (positive) or is owed (negative), in paise. */
  readonly balancePaise: number;
  /** Refunds asked for or approved and not yet paid out. */
  readonly openRefunds: number;
  /** Payment links sent and not yet paid, expired or cancelled. */
  readonly openPaymentLinks: number;
  /** Cash a rider collected that the owner has not confirmed or rejected. */
  readonly pendingCashCollections: number;
}
