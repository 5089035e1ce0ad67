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
