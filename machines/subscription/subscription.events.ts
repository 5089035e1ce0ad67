import type { IsoDate } from '../shared/dates';

export type SubscriptionEvent =
  /** Customer opens checkout for a subscription awaiting payment (creates or reuses the order). */
  | { readonly type: 'subscription.pay' }
  /** Customer deletes a subscription awaiting payment. */
  | { readonly type: 'subscription.delete' }
  /** System: the payment was verified; dates start on the payment's business date. */
  | { readonly type: 'payment.succeeded'; readonly paidOn: IsoDate }
  /** Customer asks for leave on an active subscription (the leave itself is its own lifecycle). */
  | { readonly type: 'subscription.request_leave' }
  /** Customer cancels an active subscription; a refund is requested when a payment succeeded. */
  | { readonly type: 'subscription.cancel' }
  /** System: the adjusted end date has passed. */
  | { readonly type: 'subscription.expire'; readonly today: IsoDate }
  /** System: an approved leave moves the end date by `days`. */
  | { readonly type: 'subscription.extend'; readonly days: number }
  /**
   * Owner moves the end date of an active subscription by `days` (negative shortens) for `reason`,
   * e.g. the kitchen was closed. Not leave: leave_days and the paid period stay as they are.
   */
  | {
      readonly type: 'subscription.adjust';
      readonly days: number;
      readonly reason: string;
      readonly today: IsoDate;
    }
  /** Customer renews an expired subscription: a new PENDING_PAYMENT one is created, this one stays EXPIRED. */
  | { readonly type: 'subscription.renew' }
  /** Customer asks for a refund on a cancelled subscription that has none yet. */
  | { readonly type: 'subscription.request_refund' };

export type SubscriptionEventType = SubscriptionEvent['type'];

/** Actions the customer sees as buttons, in display order. */
export const SUBSCRIPTION_CUSTOMER_ACTIONS = [
  'subscription.pay',
  'subscription.delete',
  'subscription.request_leave',
  'subscription.cancel',
  'subscription.renew',
  'subscription.request_refund',
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_CUSTOMER_ACTIONS)[number];

/** Actions only the owner takes. */
export const SUBSCRIPTION_OWNER_ACTIONS = ['subscription.adjust'] as const;

/** Events only the server sends. */
export const SUBSCRIPTION_SYSTEM_EVENTS = [
  'payment.succeeded',
  'subscription.expire',
  'subscription.extend',
] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const subscriptionActionProbes: readonly SubscriptionEvent[] =
  SUBSCRIPTION_CUSTOMER_ACTIONS.map((type) => ({ type }));
