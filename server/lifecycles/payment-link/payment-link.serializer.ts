// The API's payment link bodies; which buttons a link has is the payment-link machine's answer.
import type { components } from '@generated/api.js';
import { decide, paymentLinkFromApi, paymentLinkMachine, rupeesFromPaise } from '@machines';
import { customerNameOf, type PaymentLinkRow } from './payment-link.read.js';

/**
 * What a link's and a counter QR code's bodies both show: who and what it asks money of, the
 * payment that paid it, and when it was made.
 */
export const requestBody = (
  row: Pick<
    PaymentLinkRow,
    | 'provider'
    | 'user_id'
    | 'first_name'
    | 'last_name'
    | 'username'
    | 'subscription_id'
    | 'plan_name'
    | 'amount_paise'
    | 'paid_payment_id'
    | 'created_at'
  >,
) => ({
  provider: row.provider as 'sandbox' | 'razorpay',
  user: row.user_id,
  customer_name: customerNameOf(row),
  subscription: row.subscription_id,
  plan_name: row.plan_name,
  amount: rupeesFromPaise(row.amount_paise),
  payment: row.paid_payment_id,
  created_at: row.created_at,
});

export function paymentLinkBody(
  row: PaymentLinkRow,
  now: string,
): components['schemas']['PaymentLink'] {
  const state = paymentLinkFromApi({ status: row.status, expire_by: row.expire_by }, now);
  return {
    id: row.id,
    link_id: row.provider_link_id,
    reference_id: row.reference_id,
    ...requestBody(row),
    status: row.status,
    short_url: row.short_url,
    expire_by: row.expire_by,
    cancellable: decide(paymentLinkMachine, state, { type: 'payment_link.cancel' }).ok,
    payable: decide(paymentLinkMachine, state, { type: 'payment_link.pay' }).ok,
  };
}
