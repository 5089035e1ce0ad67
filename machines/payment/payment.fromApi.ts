// The one mapping from a payment as the API shows it (or as stored) to the payment status machine.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { PaymentStatusMachine } from './payment-status.machine';

export type PaymentFacts = Pick<
  components['schemas']['Payment'],
  'status' | 'transaction_id' | 'failure_reason'
>;

export function paymentFromApi(record: PaymentFacts): Persisted<PaymentStatusMachine> {
  return {
    value: record.status,
    context: { transactionId: record.transaction_id, failureReason: record.failure_reason },
  };
}
