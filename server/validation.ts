// Rules the contract's JSON Schema cannot express, with the spec's own texts.

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const PHONE_DIGITS_MESSAGE = 'Phone number must be exactly 10 digits';
export const PHONE_START_MESSAGE = 'Phone number must start with 6, 7, 8, or 9';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** Normalises an Indian mobile number to +91 and ten digits starting with 6-9. */
export function normalizePhone(input: string): Checked<string> {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length !== 10) return { ok: false, message: PHONE_DIGITS_MESSAGE };
  if (!/^[6-9]/.test(digits)) return { ok: false, message: PHONE_START_MESSAGE };
  return { ok: true, value: `+91${digits}` };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value) && value.length <= 254;

export const isBlank = (value: string | null | undefined) => !value || value.trim() === '';
