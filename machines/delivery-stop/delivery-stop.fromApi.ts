// The one mapping from a run sheet's stop as the API shows it (or as stored) to the machine's state.
import type { Persisted } from '../shared/lifecycle';
import type { DeliveryStopMachine } from './delivery-stop.machine';
import type { DeliveryStopState } from './delivery-stop.types';

export interface DeliveryStopFacts {
  readonly state: DeliveryStopState;
}

export function deliveryStopFromApi(stop: DeliveryStopFacts): Persisted<DeliveryStopMachine> {
  return { value: stop.state, context: {} };
}
