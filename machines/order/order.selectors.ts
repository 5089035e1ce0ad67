import type { SnapshotFrom } from 'xstate';
import type { OrderMachine } from './order.machine';

type OrderSnapshot = SnapshotFrom<OrderMachine>;

/** The customer can still pay this order at the checkout. */
export const selectIsOrderOpen = (snapshot: OrderSnapshot) => snapshot.hasTag('open');
