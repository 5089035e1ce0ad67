// The phone rule: 10 digits starting 6-9 after stripping non-digits; sent as +91 and the digits.

/** The 10-digit local number: a 12-digit number starting with 91 loses its country code. */
function localDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

export function phoneError(phone: string): string | undefined {
  const digits = localDigits(phone);
  if (digits.length !== 10) return 'Phone number must be exactly 10 digits';
  if (!/^[6-9]/.test(digits)) return 'Phone number must start with 6, 7, 8, or 9';
  return undefined;
}

export function toE164(phone: string): string {
  return `+91${localDigits(phone)}`;
}
