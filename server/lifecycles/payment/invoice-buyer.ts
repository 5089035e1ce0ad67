// The recipient of a tax invoice (Rule 46): a GST-registered customer's GSTIN and billing address,
// which the customer gives (or clears) on their profile, copied onto each invoice when its payment
// is recorded, so a later change never rewrites an issued invoice.
import {
  GST_STATES,
  GSTIN_PATTERN,
  gstinCheckCharacter,
  type GstSettings,
} from '@server/platform/gst.js';
import type { Executor } from '@server/lifecycles/store.js';

/** Whether `gstin` (upper case) is a GSTIN: its shape, a known state and its check character. */
export const isValidGstin = (gstin: string) =>
  GSTIN_PATTERN.test(gstin) &&
  GST_STATES[gstin.slice(0, 2)] !== undefined &&
  gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];

/** The buyer columns of a payment being recorded: null without a GSTIN (a plain receipt). */
export async function invoiceBuyerColumns(
  trx: Executor,
  gst: GstSettings | null,
  userId: number,
): Promise<{ invoice_buyer_gstin: string | null; invoice_buyer_address: string | null }> {
  if (!gst) return { invoice_buyer_gstin: null, invoice_buyer_address: null };
  const buyer = await trx
    .selectFrom('users')
    .select(['billing_gstin', 'billing_address'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    invoice_buyer_gstin: buyer?.billing_gstin ?? null,
    invoice_buyer_address: buyer?.billing_address ?? null,
  };
}
