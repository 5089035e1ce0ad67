// The one mapping from a subscription as the API shows it to the subscription machine's state.
// The server's store builds the same fields from its rows, so server, web, CLI and tests agree.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { SubscriptionMachine } from './subscription.machine';

type SubscriptionRecord = components['schemas']['Subscription'];

/** The fields of a Subscription record the machine reads. */
export type SubscriptionFacts = Pick<
  SubscriptionRecord,
  | 'status'
  | 'start_date'
  | 'base_end_date'
  | 'adjusted_end_date'
  | 'leave_days'
  | 'has_successful_payment'
> & {
  readonly plan: Pick<SubscriptionRecord['plan'], 'duration_days' | 'is_active'>;
  /** Only whether a refund exists matters. */
  readonly refund_info: unknown;
};

export function subscriptionFromApi(record: SubscriptionFacts): Persisted<SubscriptionMachine> {
  return {
    value: record.status,
    context: {
      durationDays: record.plan.duration_days,
      startDate: record.start_date,
      baseEndDate: record.base_end_date,
      adjustedEndDate: record.adjusted_end_date,
      leaveDays: record.leave_days,
      hasSuccessfulPayment: record.has_successful_payment,
      hasRefund: record.refund_info !== null && record.refund_info !== undefined,
      planActive: record.plan.is_active,
    },
  };
}
