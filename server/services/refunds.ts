// A PENDING refund request for a subscription, as a customer asks for it or a cancellation makes it.
import type { Kysely } from 'kysely';
import { refundBreakdown } from '../../machines/subscription/index.js';
import type { Database, Subscription } from '../db/schema.js';

export interface RefundRequest {
  /** The subscription refunded; the refund is the customer's who owns it. */
  subscription: Pick<
    Subscription,
    'id' | 'user_id' | 'total_paid_paise' | 'start_date' | 'adjusted_end_date'
  >;
  /** The user who asks. */
  requestedBy: number;
  /** The business date the unused days are counted from (YYYY-MM-DD). */
  today: string;
  /** The request's timestamp (ISO). */
  now: string;
}

/**
 * Inserts the refund of the subscription's latest successful payment, for its unused days. The
 * unique index on refunds.subscription_id refuses a second one: callers map that error.
 */
export async function insertRefundRequest(
  db: Kysely<Database>,
  { subscription, requestedBy, today, now }: RefundRequest,
): Promise<{ id: number; amountPaise: number }> {
  const payment = await db
    .selectFrom('payments')
    .select('id')
    .where('subscription_id', '=', subscription.id)
    .where('status', '=', 'SUCCESS')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { amountPaise } = refundBreakdown({
    totalPaidPaise: subscription.total_paid_paise,
    startDate: subscription.start_date ?? today,
    adjustedEndDate: subscription.adjusted_end_date ?? today,
    today,
  });
  const inserted = await db
    .insertInto('refunds')
    .values({
      subscription_id: subscription.id,
      user_id: subscription.user_id,
      payment_id: payment.id,
      amount_paise: amountPaise,
      status: 'PENDING',
      requested_at: now,
      requested_by: requestedBy,
      processed_at: null,
      paid_at: null,
      admin_comment: null,
      utr: null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, amountPaise };
}
