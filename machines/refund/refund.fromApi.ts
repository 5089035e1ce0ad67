// The one mapping from a refund as the API shows it (or as stored) to the refund machine's state.
import type { components } from '../../generated/api';
import type { Persisted } from '../shared/lifecycle';
import type { RefundMachine } from './refund.machine';

export type RefundFacts = Pick<components['schemas']['Refund'], 'status' | 'admin_comment'> & {
  readonly utr?: string | null;
};

export function refundFromApi(record: RefundFacts): Persisted<RefundMachine> {
  return {
    value: record.status,
    context: { adminComment: record.admin_comment, utr: record.utr ?? null },
  };
}
