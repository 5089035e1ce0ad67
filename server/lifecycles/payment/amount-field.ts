// The `amount` field of a money request: rupees with at most two decimals, read as paise.
import { fieldError } from '@server/errors.js';
import { toPaise } from '@server/platform/format.js';

export const AMOUNT_DECIMALS_MESSAGE = 'Amount may have at most two decimals';

/** The amount in paise; a field error for more than two decimals. */
export function amountField(amountRupees: number): number {
  const paise = toPaise(amountRupees);
  if (paise === null) throw fieldError('amount', AMOUNT_DECIMALS_MESSAGE);
  return paise;
}

/** An optional amount in paise (null: left out, e.g. all that is due). */
export const optionalAmountField = (amountRupees: number | null | undefined): number | null =>
  amountRupees === null || amountRupees === undefined ? null : amountField(amountRupees);
