// Small conversions every layer shares: money between paise and rupees (and in words, for
// invoices, in English and Hindi), meal lists, names.
import { MEALS, type Meal } from '@machines/settings';
import { paiseFromRupees } from '@machines/shared';
import type { Language, User } from './db/schema.js';

/** Paise (storage) to rupees (API). */
export const rupees = (paise: number) => Number(paise) / 100;
/** Rupees (API, at most two decimals) to paise, or null when there are more decimals. */
export const toPaise = paiseFromRupees;

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
export function rupeesInWords(paise: number, language: Language = 'en'): string {
  if (!Number.isSafeInteger(paise) || paise < 0)
    throw new RangeError(`Not an amount in paise: ${paise}`);
  if (language === 'hi') return rupeesInHindiWords(paise);
  const wholeRupees = Math.floor(paise / 100);
  const restPaise = paise % 100;
  if (wholeRupees === 0 && restPaise > 0) return `${tensInWords(restPaise)} Paise Only`;
  const rupeeWords = `Rupees ${numberInWords(wholeRupees)}`;
  return restPaise
    ? `${rupeeWords} and ${tensInWords(restPaise)} Paise Only`
    : `${rupeeWords} Only`;
}

// Hindi has a word of its own for every number below a hundred (पैंतालीस is 45, not "forty-five").
// Where spellings vary (तिरपन/तिरेपन, बानवे/बानबे) these are the common dictionary forms. Ten a
// row, so that each row is one ten.
// prettier-ignore
const HINDI_BELOW_HUNDRED = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
] as const;

/**
 * A whole number in Hindi words, in Indian grouping:
 * 1,23,45,678 → 'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर'.
 */
export function numberInHindiWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Not a whole number: ${value}`);
  if (value < 100) return HINDI_BELOW_HUNDRED[value]!;
  const parts: string[] = [];
  const crores = Math.floor(value / 10_000_000);
  if (crores) parts.push(`${numberInHindiWords(crores)} करोड़`);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  if (lakhs) parts.push(`${HINDI_BELOW_HUNDRED[lakhs]} लाख`);
  const thousands = Math.floor((value % 100_000) / 1000);
  if (thousands) parts.push(`${HINDI_BELOW_HUNDRED[thousands]} हज़ार`);
  const hundreds = Math.floor((value % 1000) / 100);
  if (hundreds) parts.push(`${HINDI_BELOW_HUNDRED[hundreds]} सौ`);
  const rest = value % 100;
  if (rest) parts.push(HINDI_BELOW_HUNDRED[rest]!);
  return parts.join(' ');
}

/** ₹1,500.50 → 'एक हज़ार पाँच सौ रुपये और पचास पैसे मात्र' (one rupee: रुपया, one paisa: पैसा). */
function rupeesInHindiWords(paise: number): string {
  const wholeRupees = Math.floor(paise / 100);
  const restPaise = paise % 100;
  const paiseWords = `${HINDI_BELOW_HUNDRED[restPaise]} ${restPaise === 1 ? 'पैसा' : 'पैसे'}`;
  if (wholeRupees === 0 && restPaise > 0) return `${paiseWords} मात्र`;
  const rupeeWords = `${numberInHindiWords(wholeRupees)} ${wholeRupees === 1 ? 'रुपया' : 'रुपये'}`;
  return restPaise ? `${rupeeWords} और ${paiseWords} मात्र` : `${rupeeWords} मात्र`;
}
