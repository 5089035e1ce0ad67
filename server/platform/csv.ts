// CSV files that open cleanly in Excel: UTF-8 with a byte-order mark (else Excel reads ₹ and Hindi
// names as Latin-1), CRLF line ends, every cell quoted. Phone numbers and long digit-only references
// are written as ="…" so Excel keeps them as text (a bare +919876543210 becomes 9.19876E+11, a
// 12-digit UTR loses its digits); that form is built only from digits, spaces and +, so it can run
// nothing. Any other cell starting with = + - @ (or a tab or CR) gets a ' in front (OWASP CSV
// injection).

/** What a spreadsheet would read as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a numeric reference: text that Excel would turn into a number. */
const DIGITS_AS_TEXT = /^\+?[0-9][0-9 ]{5,}$/;

const BOM = '\uFEFF';

/** A text cell: quoted, formula-proof, digits kept as text. */
export function textCell(value: string | null): string {
  const text = value ?? '';
  if (DIGITS_AS_TEXT.test(text)) return `="${text}"`;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** An amount in rupees with two decimals (a number Excel adds up), from paise. */
export function rupeesCell(paise: number | null): string {
  if (paise === null) return '';
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A CSV file of these lines, as Excel opens it cleanly. */
export const csvFile = (lines: readonly string[]) => `${BOM}${lines.join('\r\n')}\r\n`;
