// How screens name each payment status (web badges, `dabba` tables).
import type { PaymentStatus } from './payment.context';

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  INITIATED: 'Initiated',
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
};
