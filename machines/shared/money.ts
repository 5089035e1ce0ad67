// How every screen writes money, the web app's and the CLI's alike: ₹1,333 or ₹1,234.50.

/**
 * Indian grouping (1,23,45,678) written out by hand: Intl's en-IN currency format gives the same
 * text (tests/machines/money-and-labels.test.ts checks it against Intl), but building it first
 * loads locale data, about 12 ms on a desktop and four times that on a phone, which held back the
 * first paint of every screen with a price.
 */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest},${lastThree}`;
}

/** Intl's en-IN rupees, for amounts past exact integers (and infinities) only. */
function intlRupees(paise: number): string {
  const digits = paise % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(paise / 100);
}

/**
 * An amount in rupees with Indian digit grouping (₹1,23,456): whole rupees without ".00", and
 * two decimals when there are paise (₹1,234.50). Null, undefined or NaN give "—".
 */
export function formatRupees(amountRupees: number | null | undefined): string {
  if (amountRupees === null || amountRupees === undefined || Number.isNaN(amountRupees)) return '—';
  // Rounded to the paisa first, so 1333.999 is ₹1,334 and never ₹1,334.00.
  const paise = Math.round(amountRupees * 100) || 0; // never "-₹0"
  if (!Number.isSafeInteger(paise)) return intlRupees(paise);
  const magnitude = Math.abs(paise);
  const whole = groupIndian(Math.floor(magnitude / 100));
  const fraction = magnitude % 100;
  const sign = paise < 0 ? '-' : '';
  return fraction === 0
    ? `${sign}₹${whole}`
    : `${sign}₹${whole}.${String(fraction).padStart(2, '0')}`;
}

/** Paise, as the database keeps money, in rupees, as the API writes it (1234.5). */
export const rupeesFromPaise = (paise: number): number => Number(paise) / 100;

/**
 * Whether `value` has at most `decimals` decimals (19.99 has two, 1.005 three), as a person wrote
 * it. Binary floating point holds 19.99 as 19.989999999999998…, so neither 19.99 * 100 === 1999 nor
 * a JSON Schema `multipleOf: 0.01` (which divides) says so; scaled up, a written amount lands within
 * a few units of the 16th significant digit of a whole number, and one with a third decimal lands
 * at least a tenth away. The tolerance sits between the two, in the 13th significant digit: exact
 * below ₹100 crore (10¹¹ paise), a hundred times the largest amount the API takes.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  if (!Number.isFinite(scaled)) return false;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-12 * Math.max(1, Math.abs(scaled));
}

/**
 * Rupees as the API takes them (at most two decimals) in paise, or null when the amount has more
 * decimals than a rupee has paise (1.005): the caller refuses it rather than round it away.
 */
export function paiseFromRupees(amountRupees: number): number | null {
  return hasAtMostDecimals(amountRupees, 2) ? Math.round(amountRupees * 100) : null;
}

/** A subscription's money as the API answers it, in rupees. */
export interface SubscriptionMoney {
  /** Its price: the spec names it total_paid. */
  readonly total_paid: number;
  /** What was paid for it. */
  readonly amount_paid: number;
  /** What was paid back. */
  readonly amount_refunded: number;
  /** What it still owes; below 0 while an approved refund waits to be paid out. */
  readonly amount_due: number;
}

/** The figures a screen labels: Price, Paid, Refunded, Due, and Refund due (owed back). */
export type MoneyFact = 'price' | 'paid' | 'refunded' | 'due' | 'refund_due';

/**
 * What a screen shows of a subscription's money, each figure under its own label (the web app's
 * cards and `dabba`): the price always; what was paid, once anything was; what was paid back, once
 * anything was; what is still owed while anything is, or what is owed back (an approved refund
 * not yet paid out). So a part-paid or refunded subscription never reads its price as paid.
 * `every`: all four figures, zeros too (a detail view an owner checks).
 */
export function subscriptionMoneyFacts(
  money: SubscriptionMoney,
  { every = false }: { every?: boolean } = {},
): { readonly fact: MoneyFact; readonly amount: number }[] {
  const shown = (amount: number) => every || amount > 0;
  return [
    { fact: 'price' as const, amount: money.total_paid },
    ...(shown(money.amount_paid) ? [{ fact: 'paid' as const, amount: money.amount_paid }] : []),
    ...(shown(money.amount_refunded)
      ? [{ fact: 'refunded' as const, amount: money.amount_refunded }]
      : []),
    ...(money.amount_due < 0
      ? [{ fact: 'refund_due' as const, amount: -money.amount_due }]
      : shown(money.amount_due)
        ? [{ fact: 'due' as const, amount: money.amount_due }]
        : []),
  ];
}
