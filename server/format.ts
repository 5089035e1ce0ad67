// Small conversions every layer shares: money between paise and rupees (and in words, for
// invoices), meal lists, names.
import type { User } from './db/schema.js';

type Meal = 'breakfast' | 'lunch' | 'dinner';
const MEALS: readonly Meal[] = ['breakfast', 'lunch', 'dinner'];

/** Paise (storage) to rupees (API). */
export const rupees = (paise: number) => Number(paise) / 100;
/** Rupees (API, at most two decimals) to paise, or null when there are more decimals. */
export function toPaise(amountRupees: number): number | null {
  const paise = Math.round(amountRupees * 100);
  return Math.abs(paise - amountRupees * 100) < 1e-6 ? paise : null;
}

export function parseMeals(stored: string): Meal[] {
  const listed = stored.split(',').map((meal) => meal.trim());
  return MEALS.filter((meal) => listed.includes(meal));
}

/** Stored in breakfast,lunch,dinner order whatever order the client sent. */
export const storeMeals = (meals: readonly string[]) =>
  MEALS.filter((meal) => meals.includes(meal)).join(',');

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: 'Fifty-Six'. */
function tensInWords(value: number): string {
  if (value < 20) return ONES[value]!;
  const ones = value % 10;
  return TENS[Math.floor(value / 10)]! + (ones ? `-${ONES[ones]}` : '');
}

/** A whole number in Indian grouping: 1,23,45,678 → 'One Crore Twenty-Three Lakh …'. */
export function numberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Not a whole number: ${value}`);
  if (value < 100) return tensInWords(value);
  const parts: string[] = [];
  const crores = Math.floor(value / 10_000_000);
  // Past 99 crore the crores are counted in words themselves: 'One Hundred Crore'.
  if (crores) parts.push(`${numberInWords(crores)} Crore`);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  if (lakhs) parts.push(`${tensInWords(lakhs)} Lakh`);
  const thousands = Math.floor((value % 100_000) / 1000);
  if (thousands) parts.push(`${tensInWords(thousands)} Thousand`);
  const hundreds = Math.floor((value % 1000) / 100);
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  const rest = value % 100;
  if (rest) parts.push(tensInWords(rest));
  return parts.join(' ');
}

/** ₹1,23,456.50 → 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`Not an amount in paise: ${paise}`);
  const wholeRupees = Math.floor(paise / 100);
  const restPaise = paise % 100;
  if (wholeRupees === 0 && restPaise > 0) return `${tensInWords(restPaise)} Paise Only`;
  const rupeeWords = `Rupees ${numberInWords(wholeRupees)}`;
  return restPaise
    ? `${rupeeWords} and ${tensInWords(restPaise)} Paise Only`
    : `${rupeeWords} Only`;
}
