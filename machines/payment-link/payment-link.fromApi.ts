// The one mapping from a payment link as the API shows it (or as stored) to the machine's state, at
// the moment `now` (an ISO instant) the question is asked.
import type { Persisted } from '../shared/lifecycle';
import type { PaymentLinkMachine } from './payment-link.machine';
import type { PaymentLinkStatus } from './payment-link.types';

export interface PaymentLinkFacts {
  readonly status: PaymentLinkStatus;
  readonly expire_by: string;
}

export function paymentLinkFromApi(
  record: PaymentLinkFacts,
  now: string,
): Persisted<PaymentLinkMachine> {
  return { value: record.status, context: { expireBy: record.expire_by, now } };
}
