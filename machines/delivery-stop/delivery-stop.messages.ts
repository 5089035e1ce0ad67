// Every sentence the delivery-stop lifecycle refuses with (machines/shared/refusals.ts), and how
// screens name its states and reasons.
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type {
  NotDeliveredReason,
  DeliveryStopEvent,
  DeliveryStopState,
} from './delivery-stop.types';

export const deliveryStopRefusals = {
  states: {},
  events: {
    'stop.delivered': refusal('delivery_stop.already_delivered'),
    'stop.not_delivered': refusal('delivery_stop.already_delivered'),
    'stop.box_returned': refusal('delivery_stop.not_delivered_yet'),
    'stop.cash_collected': refusal('delivery_stop.not_delivered_yet'),
  },
  guards: {
    hasReason: refusal('delivery_stop.reason_required'),
    hasAmount: refusal('delivery_stop.amount_required'),
  },
} as const satisfies RefusalTable<DeliveryStopEvent, DeliveryStopState>;

export const DELIVERY_STOP_STATE_LABELS: Readonly<Record<DeliveryStopState, string>> = {
  pending: 'Pending',
  delivered: 'Delivered',
  not_delivered: 'Not delivered',
};

export const NOT_DELIVERED_REASON_LABELS: Readonly<Record<NotDeliveredReason, string>> = {
  not_home: 'Not home',
  refused: 'Refused',
  wrong_address: 'Wrong address',
};
