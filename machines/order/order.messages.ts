// Why an order refuses an event, shared by the API, the web app and the CLI.
import { labelsOf } from '../shared/labels';
import { refusal } from '../shared/refusals';
import type { RefusalTable } from '../shared/lifecycle';
import { ORDER_STATUSES, type OrderEvent, type OrderStatus } from './order.types';

export const orderRefusals = {
  states: {
    paid: refusal('order.already_paid'),
  },
  events: {
    'order.pay': refusal('order.already_paid'),
    'order.expire': refusal('order.not_open'),
  },
  guards: {},
} as const satisfies RefusalTable<OrderEvent, OrderStatus>;

// How screens name each order status (web badges, `dabba` tables).

export const ORDER_STATUS_LABELS = labelsOf(ORDER_STATUSES);
