// The phone rule: 10 digits starting 6-9 after stripping non-digits; sent as +91 and the digits.
// How a number reads is machines/shared/phone.ts formatPhone, for the web, dabba and the receipt.
import { t } from '@web/i18n/i18n';

/** The 10-digit local number: a 12-digit number starting with 91 loses its country code. */
function localDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

export function phoneError(phone: string): string | undefined {
  const digits = localDigits(phone);
  if (digits.length !== 10) return t('ui.phone.tenDigits');
  if (!/^[6-9]/.test(digits)) return t('ui.phone.startDigit');
  return undefined;
}

export function toE164(phone: string): string {
  return `+91${localDigits(phone)}`;
}

/** A link that dials `phone` however it is written (+91 98765 43210): its digits and the plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
