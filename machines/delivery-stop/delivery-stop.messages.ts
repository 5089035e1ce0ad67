// Every sentence the delivery-stop lifecycle refuses with (machines/shared/refusals.ts), and how
// screens name its states and reasons.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import {
  DELIVERY_STOP_STATES,
  NOT_DELIVERED_REASONS,
  type DeliveryStopEvent,
  type DeliveryStopState,
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

export const DELIVERY_STOP_STATE_LABELS = labelsOf(DELIVERY_STOP_STATES);

export const NOT_DELIVERED_REASON_LABELS = labelsOf(NOT_DELIVERED_REASONS);
