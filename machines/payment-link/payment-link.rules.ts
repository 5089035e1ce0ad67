// The payment-link lifecycle's data and plain functions: the buttons, how long a link
// lives, and the checks an amount must pass.
import { formatRupees, rupeesFromPaise } from '../shared/money';
import { MIN_PAYMENT_PAISE } from '../dues/dues.rules';
import { refusal, type Refusal } from '../shared/refusals';
import type { PaymentLinkEvent } from './payment-link.types';

/** The buttons of a link (the owner's). */
export const paymentLinkActionProbes: readonly PaymentLinkEvent[] = [
  { type: 'payment_link.cancel' },
];

/** How long a new link can be paid: a week (Razorpay allows up to six months). */
export const PAYMENT_LINK_LIFETIME_DAYS = 7;

/** The smallest amount a link asks for: ₹1. */
export const MIN_LINK_AMOUNT_PAISE = MIN_PAYMENT_PAISE;

/**
 * Every rule a link's (or a counter QR's) amount breaks (empty: it may be asked for). `openPaise`
 * is what the subscription's other open links and QR codes already ask for: together they never
 * ask for more than it owes, so it cannot be paid twice over.
 */
export function paymentLinkAmountProblems(
  amountPaise: number,
  duePaise: number,
  openPaise = 0,
): Refusal[] {
  const rupees = (paise: number) => formatRupees(rupeesFromPaise(paise));
  if (duePaise < MIN_LINK_AMOUNT_PAISE) return [refusal('payment_link.nothing_due')];
  const unrequestedPaise = duePaise - openPaise;
  if (unrequestedPaise < MIN_LINK_AMOUNT_PAISE) {
    return [refusal('payment_link.fully_requested', { due: rupees(duePaise) })];
  }
  if (amountPaise < MIN_LINK_AMOUNT_PAISE) return [refusal('payment_link.amount_too_low')];
  if (amountPaise > duePaise) {
    return [refusal('payment_link.amount_above_due', { due: rupees(duePaise) })];
  }
  if (amountPaise > unrequestedPaise) {
    return [
      refusal('payment_link.amount_above_unrequested', {
        open: rupees(openPaise),
        due: rupees(duePaise),
        available: rupees(unrequestedPaise),
      }),
    ];
  }
  return [];
}
