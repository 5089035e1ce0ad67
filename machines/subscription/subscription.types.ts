// A subscription's statuses, context and events, shared by its machine, rules and messages.
import type { IsoDate } from '../shared/dates';

export const SUBSCRIPTION_STATUSES = ['PENDING_PAYMENT', 'ACTIVE', 'EXPIRED', 'CANCELLED'] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The machine's states: the stored statuses plus DELETED, which tells the server to delete the row. */
export type SubscriptionStateValue = SubscriptionStatus | 'DELETED';

export type ServiceType = 'mess' | 'tiffin';

/** The fields of a subscription (and its plan, payments and refund) that the guards read. */
export interface SubscriptionContext {
  /** The plan's duration, copied when the subscription is created. */
  readonly durationDays: number;
  /** Dates are null until payment succeeds. */
  readonly startDate: IsoDate | null;
  readonly baseEndDate: IsoDate | null;
  /** base_end_date plus approved leave days. */
  readonly adjustedEndDate: IsoDate | null;
  readonly leaveDays: number;
  /** A Payment with status SUCCESS exists for this subscription. */
  readonly hasSuccessfulPayment: boolean;
  /** A refund request exists for this subscription. */
  readonly hasRefund: boolean;
  /** The plan is still active (needed to renew). */
  readonly planActive: boolean;
}

export type SubscriptionEvent =
  /** Customer opens checkout for a subscription awaiting payment (creates or reuses the order). */
  | { readonly type: 'subscription.pay' }
  /** Customer deletes a subscription awaiting payment. */
  | { readonly type: 'subscription.delete' }
  /**
   * System: the payment was verified (or the owner started it owing dues). Dates start on the
   * payment's business date, or on `startsOn`: the day after the customer's running plan of the
   * same service ends, when there is one (queuedStartDate).
   */
  | { readonly type: 'payment.succeeded'; readonly paidOn: IsoDate; readonly startsOn?: IsoDate }
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
  /**
   * System: the plan this one is queued behind moved its end date by `days` (a leave, the owner's
   * adjustment, a closed day, a cancellation): one that has not started yet moves with it.
   */
  | { readonly type: 'subscription.follow'; readonly days: number; readonly today: IsoDate }
  /** Customer renews an expired subscription: a new PENDING_PAYMENT one is created, this one stays EXPIRED. */
  | { readonly type: 'subscription.renew' }
  /** Customer asks for a refund on a cancelled subscription that has none yet. */
  | { readonly type: 'subscription.request_refund' };
