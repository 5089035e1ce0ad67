// The one mapping from an erasure request as stored or served to the machine's state.
import type { Persisted } from '../shared/lifecycle';
import { paiseFromRupees } from '../shared/money';
import type { ErasureMachine } from './erasure.machine';
import type { ErasureStatus } from './erasure.types';

/** The request's status and the customer's open business, as the server reads and serves them. */
export interface ErasureFacts {
  readonly status: ErasureStatus;
  readonly active_subscriptions: number;
  readonly pending_subscriptions: number;
  readonly balance_paise: number;
  readonly open_refunds: number;
  readonly open_payment_links: number;
  readonly pending_cash_collections: number;
}

/** A customer's business with nothing open: nothing holds an erasure back. */
export const NOTHING_OPEN: Omit<ErasureFacts, 'status'> = {
  active_subscriptions: 0,
  pending_subscriptions: 0,
  balance_paise: 0,
  open_refunds: 0,
  open_payment_links: 0,
  pending_cash_collections: 0,
};

export function erasureFromApi(facts: ErasureFacts): Persisted<ErasureMachine> {
  return {
    value: facts.status,
    context: {
      activeSubscriptions: facts.active_subscriptions,
      pendingSubscriptions: facts.pending_subscriptions,
      balancePaise: facts.balance_paise,
      openRefunds: facts.open_refunds,
      openPaymentLinks: facts.open_payment_links,
      pendingCashCollections: facts.pending_cash_collections,
    },
  };
}

/** The facts of a request as the owner's list serves it (balance in rupees there). */
export function erasureFactsOfRequest(request: {
  readonly status: ErasureStatus;
  readonly active_subscriptions: number;
  readonly pending_subscriptions: number;
  readonly balance: number;
  readonly open_refunds: number;
  readonly open_payment_links: number;
  readonly pending_cash_collections: number;
}): ErasureFacts {
  return {
    status: request.status,
    active_subscriptions: request.active_subscriptions,
    pending_subscriptions: request.pending_subscriptions,
    balance_paise: paiseFromRupees(request.balance) ?? 0,
    open_refunds: request.open_refunds,
    open_payment_links: request.open_payment_links,
    pending_cash_collections: request.pending_cash_collections,
  };
}
