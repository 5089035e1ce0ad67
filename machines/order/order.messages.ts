// Why an order refuses an event, shared by the API, the web app and the CLI.
import type { RefusalTable } from '../shared/lifecycle';
import type { OrderEventType, OrderStateValue, OrderStatus } from './order.machine';

export const orderRefusals = {
  states: {
    paid: { code: 'order.already_paid', message: 'This order has already been paid.' },
  },
  events: {
    'order.pay': { code: 'order.already_paid', message: 'This order has already been paid.' },
    'order.expire': {
      code: 'order.not_open',
      message: 'This order is no longer open for payment.',
    },
  },
  guards: {},
} as const satisfies RefusalTable<OrderEventType, OrderStateValue>;

// How screens name each order status (web badges, `dabba` tables).

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Created',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
};
