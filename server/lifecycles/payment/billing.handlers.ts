// The customer's GSTIN and billing address for tax invoices: read and replaced whole by the
// customer; each payment recorded afterwards copies them onto its invoice (invoice-buyer.ts).
import type { AppContext } from '@server/context.js';
import { fieldErrors, type FieldErrors } from '@server/errors.js';
import { requireCustomer, type Handlers } from '@server/http.js';
import { isValidGstin } from './invoice-buyer.js';

const INVALID_GSTIN =
  'Enter a valid GSTIN: a state code, the PAN and a check character that matches.';
const ADDRESS_FOR_GSTIN = 'A GSTIN needs the billing address registered with it.';

export function billingHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async getBillingDetails(request) {
      const user = requireCustomer(request);
      return { gstin: user.billing_gstin ?? null, billing_address: user.billing_address ?? null };
    },

    async updateBillingDetails(request) {
      const user = requireCustomer(request);
      const gstin = request.body.gstin?.trim().toUpperCase() || null;
      const address = request.body.billing_address?.trim() || null;
      const problems: FieldErrors = {};
      if (gstin && !isValidGstin(gstin)) problems.gstin = [INVALID_GSTIN];
      if (gstin && !address) problems.billing_address = [ADDRESS_FOR_GSTIN];
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
      await db
        .updateTable('users')
        .set({ billing_gstin: gstin, billing_address: address })
        .where('id', '=', user.id)
        .execute();
      return { gstin, billing_address: address };
    },
  } satisfies Partial<Handlers>;
}
