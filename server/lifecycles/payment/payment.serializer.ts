// Payments and checkout orders as the API shows them (Payment, AdminPayment, PaymentOrder,
// CheckoutOrder), from the rows of payment.read.ts.
import type { components } from '@generated/api.js';
import type { Config } from '@server/config.js';
import type { PaymentOrder, User } from '@server/platform/db/schema.js';
import { subscriptionStatus } from '@server/lifecycles/subscription/subscription.read.js';
import { formatReceiptNumber, taxInvoiceOf } from './receipts.js';
import { fullName, rupees } from '@server/platform/format.js';
import { DEFAULT_LANGUAGE, t, type Language } from '@server/platform/i18n.js';
import { ledgerOfRow, subscriptionMoneyBody } from '@server/lifecycles/dues/dues.read.js';
import type { AdminPaymentRow, PaymentRow } from './payment.read.js';

type PaymentBody = components['schemas']['Payment'];
type AdminPaymentBody = components['schemas']['AdminPayment'];

export function paymentBody(row: PaymentRow, today: string): PaymentBody {
  return {
    id: row.id,
    status: row.status,
    amount_inr: rupees(row.amount_paise),
    advance: rupees(row.advance_paise),
    currency: 'INR',
    transaction_id: row.transaction_id,
    payment_gateway: row.payment_gateway as PaymentBody['payment_gateway'],
    payment_mode: row.payment_mode,
    subscription: {
      id: row.subscription_id,
      plan_name: row.plan_name,
      plan_name_hi: row.plan_name_hi,
      status: subscriptionStatus(
        { status: row.subscription_status, adjusted_end_date: row.subscription_adjusted_end_date },
        today,
      ),
    },
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    utr: row.utr,
    admin_comment: row.admin_comment,
    user_first_name: row.user_first_name,
    user_last_name: row.user_last_name,
    user: {
      id: row.user_id,
      first_name: row.user_first_name,
      last_name: row.user_last_name,
      username: row.user_username,
    },
    razorpay_order_id: row.razorpay_order_id ?? '',
    razorpay_payment_id: row.razorpay_payment_id,
    receipt_number: formatReceiptNumber(row.receipt_number),
    received_on: row.received_on,
    tax_invoice: taxInvoiceBody(row),
  };
}

function taxInvoiceBody(row: PaymentRow): PaymentBody['tax_invoice'] {
  const invoice = row.status === 'SUCCESS' ? taxInvoiceOf(row) : null;
  return (
    invoice && {
      gstin: invoice.gstin,
      place_of_supply: invoice.placeOfSupply,
      sac: invoice.sac,
      gst_rate: invoice.rateBasisPoints / 100,
      taxable_value: rupees(invoice.taxablePaise),
      cgst: rupees(invoice.cgstPaise),
      sgst: rupees(invoice.sgstPaise),
    }
  );
}

export function adminPaymentBody(row: AdminPaymentRow, today: string): AdminPaymentBody {
  const body = paymentBody(row, today);
  return {
    ...body,
    recorded_by:
      row.recorded_by !== null && row.recorder_username !== null
        ? { id: row.recorded_by, username: row.recorder_username }
        : null,
    subscription_status: body.subscription.status,
    start_date: row.subscription_start_date,
    base_end_date: row.subscription_base_end_date,
    total_paid: rupees(row.subscription_total_paid_paise),
    ...subscriptionMoneyBody(row.subscription_total_paid_paise, ledgerOfRow(row)),
    plan: {
      name: row.plan_name,
      service_type: row.plan_service_type,
      base_price: rupees(row.plan_base_price_paise),
      duration_days: row.plan_duration_days,
    },
  };
}

export function orderBody(order: PaymentOrder) {
  return {
    id: order.id,
    order_id: order.order_id,
    amount: Number(order.amount_paise),
    currency: 'INR' as const,
    status: order.status,
    subscription_id: order.subscription_id,
    created_at: order.created_at,
  };
}

/**
 * What the browser's checkout needs to open for an order (Razorpay's options); its description is
 * in `language`.
 */
export function checkoutBody(
  order: PaymentOrder,
  user: User,
  config: Config,
  language: Language = DEFAULT_LANGUAGE,
) {
  return {
    key: config.payments.keyId,
    amount: Number(order.amount_paise),
    currency: 'INR' as const,
    order_id: order.order_id,
    subscription_id: order.subscription_id,
    provider: order.provider as 'sandbox' | 'razorpay',
    name: config.business.name,
    description: t(language, 'label.payment_order.description', {
      id: String(order.subscription_id),
    }),
    prefill: { name: fullName(user) || user.username, email: user.email, contact: user.phone },
  };
}
