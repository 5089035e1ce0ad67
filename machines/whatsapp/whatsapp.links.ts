// Click-to-chat (wa.me) links, for an owner without the Cloud API: WhatsApp opens on the owner's
// phone with the customer's chat and the message written, and the owner presses send. The one
// place the messages' words and the link's form live, in English and Hindi.
import { formatRupees } from '../shared/money';
import { normalizePhone } from '../shared/phone';

export type ClickToChatLanguage = 'en' | 'hi';

export type ClickToChatMessage =
  /** What the customer owes, with the page where they pay. */
  | { readonly kind: 'dues_reminder'; readonly amountRupees: number; readonly link: string }
  /** Where the customer finds their receipts. */
  | { readonly kind: 'receipts'; readonly link: string };

export interface ClickToChatInput {
  /** The customer's phone as stored (+919876543210) or typed. */
  readonly phone: string | null | undefined;
  readonly language: ClickToChatLanguage;
  readonly business: string;
  /** The customer's name; the greeting goes without it when empty. */
  readonly name: string;
  readonly message: ClickToChatMessage;
}

/**
 * The phone in the international form wa.me takes: country code and number, digits only, no '+'
 * (+91 98765 43210 → 919876543210). An Indian mobile number may come without its code; another
 * country's number must carry its '+'. Null when it is no phone number.
 */
export function waMePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const indian = normalizePhone(phone);
  if (indian.ok) return indian.value.slice(1);
  const digits = phone.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits.slice(1) : null;
}

/** The message's text, in the language given. */
export function clickToChatText(input: Omit<ClickToChatInput, 'phone'>): string {
  const { language, business, message } = input;
  const name = input.name.trim();
  if (language === 'hi') {
    const greeting = name ? `नमस्ते ${name},` : 'नमस्ते,';
    return message.kind === 'dues_reminder'
      ? `${greeting} ${business} में आपके खाते पर ${formatRupees(message.amountRupees)} बकाया है। आप यहाँ भुगतान कर सकते हैं: ${message.link}`
      : `${greeting} ${business} की आपकी रसीदें और भुगतान यहाँ हैं: ${message.link}`;
  }
  const greeting = name ? `Namaste ${name},` : 'Namaste,';
  return message.kind === 'dues_reminder'
    ? `${greeting} ${formatRupees(message.amountRupees)} is due on your account with ${business}. You can pay here: ${message.link}`
    : `${greeting} your receipts and payments with ${business} are here: ${message.link}`;
}

/** The wa.me link with the message prefilled (URL-encoded); null without a usable phone. */
export function clickToChatUrl(input: ClickToChatInput): string | null {
  const phone = waMePhone(input.phone);
  if (phone === null) return null;
  return `https://wa.me/${phone}?text=${encodeURIComponent(clickToChatText(input))}`;
}
