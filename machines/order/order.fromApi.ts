// The one mapping from a checkout order as the API shows it (or as stored: the status is the same)
// to the order machine's state.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { OrderMachine } from './order.machine';

export type OrderFacts = Pick<components['schemas']['PaymentOrder'], 'status'>;

export function orderFromApi(record: OrderFacts): Persisted<OrderMachine> {
  return { value: record.status, context: {} };
}
