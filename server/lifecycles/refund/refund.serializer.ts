// Refunds as the API shows them: the Refund of the owner's and the customer's lists, and the
// RefundInfo a subscription carries.
import type { components } from '@generated/api.js';
import { refundStatusDisplay } from '@machines/refund';
import { subscriptionStatus } from '@server/lifecycles/subscription/subscription.read.js';
import type { Refund } from '@server/platform/db/schema.js';
import { fullName, rupees } from '@server/platform/format.js';
import { maskedPayout, type PayoutViewer, type RefundRow } from './refund.read.js';

export type RefundBody = components['schemas']['Refund'];
export type RefundInfoBody = components['schemas']['RefundInfo'];

export function refundInfoBody(
  refund: Refund,
  requestedBy: string,
  viewer: PayoutViewer,
): RefundInfoBody {
  return {
    id: refund.id,
    amount: rupees(refund.amount_paise),
    status: refund.status,
    status_display: refundStatusDisplay(refund.status) as RefundInfoBody['status_display'],
    requested_at: refund.requested_at,
    requested_by: requestedBy,
    processed_at: refund.processed_at,
    paid_at: refund.paid_at,
    admin_comment: refund.admin_comment,
    utr: refund.utr,
    payout: maskedPayout(refund, viewer),
  };
}

export function refundBody(row: RefundRow, today: string, viewer: PayoutViewer): RefundBody {
  return {
    id: row.id,
    amount: rupees(row.amount_paise),
    status: row.status,
    requested_at: row.requested_at,
    processed_at: row.processed_at,
    paid_at: row.paid_at,
    admin_comment: row.admin_comment,
    utr: row.utr,
    payout: maskedPayout(row, viewer),
    user: {
      id: row.user_id,
      username: row.user_username,
      full_name: fullName({ first_name: row.user_first_name, last_name: row.user_last_name }),
    },
    subscription: {
      id: row.subscription_id,
      status: subscriptionStatus(
        { status: row.subscription_status, adjusted_end_date: row.subscription_adjusted_end_date },
        today,
      ),
      plan_name: row.plan_name,
      refund_info: refundInfoBody(row, row.requester_username ?? row.user_username, viewer),
    },
    original_payment: { id: row.payment_id, transaction_id: row.payment_transaction_id },
  };
}
