// The phone rule (machines/shared/phone.ts, the server's and dabba's too) with its messages in the
// current language. How a number reads is formatPhone there, for the web, dabba and the receipt.
import { normalizePhone, type PhoneProblem } from '@machines/shared';
import { t, type MessageId } from '@web/i18n/i18n';

const PHONE_PROBLEMS: Readonly<Record<PhoneProblem, MessageId>> = {
  digits: 'ui.phone.tenDigits',
  start: 'ui.phone.startDigit',
};

export function phoneError(phone: string): string | undefined {
  const checked = normalizePhone(phone);
  return checked.ok ? undefined : t(PHONE_PROBLEMS[checked.problem]);
}

/** The number as it is sent (+91 and ten digits); call once phoneError has passed. */
export function toE164(phone: string): string {
  const checked = normalizePhone(phone);
  return checked.ok ? checked.value : phone;
}

/** A link that dials `phone` however it is written (+91 98765 43210): its digits and the plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
