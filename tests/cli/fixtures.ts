// Data for the CLI tests: customers with paid subscriptions, leave requests, refunds and feedback,
// made through the real API where the customer would make them.
import { addDays } from '@machines';
import { registerCustomer, type Customer } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

let receiptCounter = 0;

export interface Subscriber extends Customer {
  subscription: SubscriptionFixture;
  paymentId: number;
}

/** A verified customer with a completed profile, an ACTIVE subscription and its SUCCESS payment. */
export async function subscriber(
  t: TestApp,
  options: {
    service?: 'mess' | 'tiffin';
    meals?: Array<'breakfast' | 'lunch' | 'dinner'>;
    userType?: 'student' | 'regular';
  } = {},
): Promise<Subscriber> {
  const service = options.service ?? 'mess';
  const customer = await registerCustomer(t, {
    service,
    ...(options.userType ? { userType: options.userType } : {}),
  });
  const subscription = await insertSubscription(t, customer.id, {
    serviceType: service,
    ...(options.meals ? { meals: options.meals } : {}),
  });
  receiptCounter += 1;
  const now = t.clock.now().toISOString();
  const payment = await t.ctx.db.kysely
    .insertInto('payments')
    .values({
      user_id: customer.id,
      subscription_id: subscription.id,
      payment_order_id: null,
      status: 'SUCCESS',
      amount_paise: 300_000,
      currency: 'INR',
      transaction_id: `pay_cli${process.pid}x${receiptCounter}`,
      payment_gateway: 'sandbox',
      payment_mode: 'upi',
      failure_reason: null,
      utr: null,
      admin_comment: null,
      receipt_number: process.pid * 1000 + receiptCounter,
      razorpay_order_id: `order_cli${process.pid}x${receiptCounter}`,
      razorpay_payment_id: `pay_cli${process.pid}x${receiptCounter}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...customer, subscription, paymentId: payment.id };
}

/** The customer asks for leave starting `startOffsetDays` from today, lasting `days`. */
export async function requestLeave(
  t: TestApp,
  customer: Subscriber,
  startOffsetDays = 1,
  days = 2,
): Promise<number> {
  const start = addDays(t.ctx.today(), startOffsetDays);
  const answer = await t.request('POST', '/api/subscriptions/leaves/', {
    token: customer.access,
    body: {
      subscription: customer.subscription.id,
      leave_start_date: start,
      leave_end_date: addDays(start, days - 1),
      reason: 'Going home for the festival',
    },
  });
  if (answer.status !== 201) throw new Error(`createLeave: ${answer.status} ${answer.text}`);
  return answer.body.id as number;
}

/** The customer cancels; the server opens a PENDING refund for the paid subscription. */
/** Cancels the subscription (with the cancel body, e.g. payout details, when given): the refund id. */
export async function cancelForRefund(
  t: TestApp,
  customer: Subscriber,
  body?: Record<string, unknown>,
): Promise<number> {
  const answer = await t.request(
    'POST',
    `/api/subscriptions/subscriptions/${customer.subscription.id}/cancel/`,
    { token: customer.access, ...(body ? { body } : {}) },
  );
  if (answer.status !== 200) throw new Error(`cancel: ${answer.status} ${answer.text}`);
  const refund = await t.ctx.db.kysely
    .selectFrom('refunds')
    .select('id')
    .where('subscription_id', '=', customer.subscription.id)
    .executeTakeFirstOrThrow();
  return refund.id;
}

export async function submitFeedback(
  t: TestApp,
  customer: Customer,
  subject = 'Dal was cold',
): Promise<number> {
  const answer = await t.request('POST', '/api/feedback/', {
    token: customer.access,
    body: {
      feedback_type: 'general_feedback',
      subject,
      message: 'Please keep the dal warm at lunch.',
      rating: 3,
      subscription: null,
      meal_date: null,
      meal_type: null,
    },
  });
  if (answer.status !== 201) throw new Error(`createFeedback: ${answer.status} ${answer.text}`);
  return answer.body.id as number;
}
