// The order lifecycle's data and plain functions: actions and the checks the machine and the hosts share.
import type { OrderEvent } from './order.types';

/** An order has no buttons; every event comes from the server. */
export const orderActionProbes: readonly OrderEvent[] = [];
