// The WhatsApp templates, defined once: what the queue sends (name, language, parameters in
// placeholder order), what the outbox writes, and the table in the README the owner submits to Meta.
// Every template is category UTILITY; the bodies use Meta's positional placeholders {{1}}, {{2}}…

export type WhatsappLanguage = 'en' | 'hi';

export interface WhatsappTemplate {
  /** What each placeholder holds, in order ({{1}} first). */
  readonly parameters: readonly string[];
  readonly body: Readonly<Record<WhatsappLanguage, string>>;
}

export const WHATSAPP_TEMPLATES = {
  receipt: {
    parameters: ['business', 'amount', 'receipt link'],
    body: {
      en: '{{1}}: we received your payment of {{2}}. Thank you! Your receipt: {{3}}',
      hi: '{{1}}: आपका {{2}} का भुगतान मिल गया। धन्यवाद! आपकी रसीद: {{3}}',
    },
  },
  dues_reminder: {
    parameters: ['business', 'amount', 'due since', 'pay link'],
    body: {
      en: '{{1}}: {{2}} is due on your account since {{3}}. You can pay here: {{4}}',
      hi: '{{1}}: आपके खाते पर {{3}} से {{2}} बकाया है। आप यहाँ भुगतान कर सकते हैं: {{4}}',
    },
  },
  expiring_soon: {
    parameters: ['business', 'plan', 'end date', 'renew link'],
    body: {
      en: '{{1}}: your {{2}} subscription ends on {{3}}. Renew here: {{4}}',
      hi: '{{1}}: आपकी {{2}} सदस्यता {{3}} को समाप्त होगी। यहाँ नवीनीकरण करें: {{4}}',
    },
  },
  leave_decision: {
    parameters: ['business', 'dates', 'decision'],
    body: {
      en: '{{1}}: your leave for {{2}} was {{3}}.',
      hi: '{{1}}: {{2}} की आपकी छुट्टी {{3}}।',
    },
  },
  refund_paid: {
    parameters: ['business', 'amount', 'reference'],
    body: {
      en: '{{1}}: your refund of {{2}} has been paid. Reference: {{3}}',
      hi: '{{1}}: आपके {{2}} के रिफ़ंड का भुगतान हो गया है। संदर्भ: {{3}}',
    },
  },
  meal_skipped: {
    parameters: ['business', 'meal', 'date'],
    body: {
      en: '{{1}}: your {{2}} on {{3}} is skipped. It will not be cooked for you.',
      hi: '{{1}}: {{3}} का आपका {{2}} छोड़ दिया गया है। यह आपके लिए नहीं बनेगा।',
    },
  },
} as const satisfies Record<string, WhatsappTemplate>;

export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** A notice as a template message: the template and its parameters, in the recipient's language. */
export interface WhatsappNotice {
  template: WhatsappTemplateName;
  parameters: string[];
}

export const whatsappLanguage = (language: string): WhatsappLanguage =>
  language === 'hi' ? 'hi' : 'en';

/** The body as the customer reads it: each {{n}} replaced by the n-th parameter. */
export function renderWhatsappTemplate(
  name: WhatsappTemplateName,
  language: WhatsappLanguage,
  parameters: readonly string[],
): string {
  return WHATSAPP_TEMPLATES[name].body[language].replace(
    /\{\{(\d+)\}\}/g,
    (_whole, n: string) => parameters[Number(n) - 1] ?? '',
  );
}

/** Meta takes no new lines, tabs or more than four spaces in a row in a template parameter. */
export const templateParameter = (value: string) =>
  value
    .replace(/[\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim() || '-';
