// A payment link's statuses, context and events, shared by its machine, rules and messages.
import type { DeadlineContext } from '../shared/dates';

/** A link's statuses as stored (payment_links.status) and as the API sends them (Razorpay's). */
export const PAYMENT_LINK_STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;

export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** What the machine decides on: when the link expires and the moment it is asked. */
export type PaymentLinkContext = DeadlineContext<'expireBy'>;

export type PaymentLinkEvent =
  /** The provider took the money (payment_link.paid, or the sandbox's pay page). */
  | { readonly type: 'payment_link.pay' }
  /** The owner withdraws the link (or the provider reports it cancelled). */
  | { readonly type: 'payment_link.cancel' }
  /** Its expire_by passed (the provider's payment_link.expired). */
  | { readonly type: 'payment_link.expire' };
