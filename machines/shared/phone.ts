// The phone rule, the web app's, the CLI's, the server's and the receipt's alike. Numbers are
// stored as +91 and ten digits starting with 6–9 (the spec's registration rule); people read them in
// two groups of five.

export const PHONE_DIGITS_MESSAGE = 'Phone number must be exactly 10 digits';
export const PHONE_START_MESSAGE = 'Phone number must start with 6, 7, 8, or 9';

/** What is wrong with a phone number, if anything. */
export type PhoneProblem = 'digits' | 'start';

export const PHONE_MESSAGES: Readonly<Record<PhoneProblem, string>> = {
  digits: PHONE_DIGITS_MESSAGE,
  start: PHONE_START_MESSAGE,
};

/** The 10-digit local number: non-digits go, and a 12-digit number starting 91 loses its country code. */
function localDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

/** An Indian mobile number as stored (+91 and ten digits starting with 6–9), or what is wrong. */
export function normalizePhone(
  input: string,
): { ok: true; value: string } | { ok: false; problem: PhoneProblem } {
  const digits = localDigits(input);
  if (digits.length !== 10) return { ok: false, problem: 'digits' };
  if (!/^[6-9]/.test(digits)) return { ok: false, problem: 'start' };
  return { ok: true, value: `+91${digits}` };
}

/** +919876543210 as +91 98765 43210; anything else (another country, an old record) as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}
