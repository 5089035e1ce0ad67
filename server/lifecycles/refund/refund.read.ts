// The refund lifecycle's read side: the amount a cancelled subscription is owed (the one place it is
// worked out), the payout details as stored and as every view shows them, and refunds with their
// subscription, customer and payment in one query.
import type { RowOf } from '@server/platform/db/index.js';
import type { Kysely } from 'kysely';
import { addDays } from '@machines/shared';
import {
  maskPayout,
  readsWholeUpiId,
  type RefundPayout,
  type RefundPayoutMasked,
} from '@machines/refund';
import { refundBreakdown, type RefundBreakdown } from '@machines/subscription';
import type { Executor } from '@server/lifecycles/store.js';
import { approvedLeavePeriods } from '@server/lifecycles/leave/leave.read.js';
import type { Database, Refund, Subscription, User } from '@server/platform/db/schema.js';

export type RefundedSubscription = Pick<
  Subscription,
  'id' | 'user_id' | 'total_paid_paise' | 'start_date' | 'base_end_date'
>;

/**
 * The one place a refund amount is worked out (cancel, cancel_preview and the customer's own
 * request all come here): the unused paid days as of `cancelledOn`, with the subscription's
 * APPROVED leaves read in the caller's transaction.
 */
export async function refundDue(
  db: Executor,
  subscription: RefundedSubscription,
  cancelledOn: string,
): Promise<RefundBreakdown> {
  const approvedLeaves = await approvedLeavePeriods(db, subscription.id);
  const startDate = subscription.start_date ?? cancelledOn;
  return refundBreakdown({
    totalPaidPaise: subscription.total_paid_paise,
    startDate,
    // Without a paid period (never activated by a payment) there is nothing to pay back.
    baseEndDate: subscription.base_end_date ?? addDays(startDate, -1),
    approvedLeaves,
    cancelledOn,
  });
}

/** The payout details kept on a refund row, null when none were given. */
export function storedPayout(
  row: Pick<
    Refund,
    | 'payout_method'
    | 'payout_upi_id'
    | 'payout_account_holder_name'
    | 'payout_account_number'
    | 'payout_ifsc'
  >,
): RefundPayout | null {
  if (row.payout_method === 'upi' && row.payout_upi_id) {
    return { method: 'upi', upi_id: row.payout_upi_id };
  }
  if (
    row.payout_method === 'bank' &&
    row.payout_account_holder_name &&
    row.payout_account_number &&
    row.payout_ifsc
  ) {
    return {
      method: 'bank',
      account_holder_name: row.payout_account_holder_name,
      account_number: row.payout_account_number,
      ifsc: row.payout_ifsc,
    };
  }
  return null;
}

/** Who reads an answer with payout details in it: its UPI ids are whole or masked by who it is. */
export type PayoutViewer = Pick<User, 'id' | 'user_type'>;

/**
 * The stored payout as every view but the owner's payout view shows it, to `viewer`
 * (docs/rules/refund.md, Refund payouts): the UPI id whole to the refund's customer and the owner
 * only.
 */
export function maskedPayout(
  row: Parameters<typeof storedPayout>[0] & Pick<Refund, 'user_id'>,
  viewer: PayoutViewer,
): RefundPayoutMasked | null {
  const payout = storedPayout(row);
  return payout ? maskPayout(payout, readsWholeUpiId(viewer, row.user_id)) : null;
}

export function refundSelect(db: Kysely<Database>) {
  return db
    .selectFrom('refunds')
    .innerJoin('subscriptions', 'subscriptions.id', 'refunds.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('users', 'users.id', 'refunds.user_id')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .leftJoin('users as requester', 'requester.id', 'refunds.requested_by')
    .selectAll('refunds')
    .select([
      'subscriptions.status as subscription_status',
      'subscriptions.adjusted_end_date as subscription_adjusted_end_date',
      'plans.name as plan_name',
      'users.username as user_username',
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
      'payments.transaction_id as payment_transaction_id',
      'requester.username as requester_username',
    ]);
}

export type RefundRow = RowOf<typeof refundSelect>;
