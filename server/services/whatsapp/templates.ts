// The WhatsApp templates, defined once: what the queue sends (name, language, parameters in
// placeholder order), what the outbox writes, and the table in docs/rules/whatsapp.md the owner submits to Meta.
// Every template is category UTILITY; the bodies use Meta's positional placeholders {{1}}, {{2}}…
// Meta's review refuses a body that starts or ends with a placeholder, puts two side by side, or has
// too many for its length: each body begins and ends with fixed words and has at least 3 fixed
// words per placeholder (tests/api/whatsapp-templates.test.ts holds both languages to it).

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
      en: 'Hello from {{1}}. We received your payment of {{2}}, thank you! Your receipt is here: {{3}} Please keep it for your records.',
      hi: 'नमस्ते, {{1}} की ओर से। आपका {{2}} का भुगतान मिल गया, धन्यवाद! आपकी रसीद यहाँ है: {{3}} कृपया इसे अपने रिकॉर्ड के लिए रखें।',
    },
  },
  dues_reminder: {
    parameters: ['business', 'amount', 'due since', 'pay link'],
    body: {
      en: 'Hello from {{1}}. An amount of {{2}} is due on your account since {{3}}. You can pay it here: {{4}} Please ignore this message if you have already paid.',
      hi: 'नमस्ते, {{1}} की ओर से। आपके खाते पर {{3}} से {{2}} बकाया है। आप यहाँ भुगतान कर सकते हैं: {{4}} अगर आप भुगतान कर चुके हैं तो कृपया इस संदेश को अनदेखा करें।',
    },
  },
  expiring_soon: {
    parameters: ['business', 'plan', 'end date', 'renew link'],
    body: {
      en: 'Hello from {{1}}. Your {{2}} subscription ends on {{3}}. You can renew it here: {{4}} Thank you for eating with us.',
      hi: 'नमस्ते, {{1}} की ओर से। आपकी {{2}} सदस्यता {{3}} को समाप्त होगी। आप यहाँ नवीनीकरण कर सकते हैं: {{4}} हमारे साथ भोजन करने के लिए धन्यवाद।',
    },
  },
  leave_decision: {
    parameters: ['business', 'dates', 'decision'],
    body: {
      en: 'Hello from {{1}}. Your leave request for {{2}} was {{3}} by the mess. You can see it in the app.',
      hi: 'नमस्ते, {{1}} की ओर से। {{2}} के लिए आपकी छुट्टी की अर्ज़ी {{3}}। आप इसे ऐप में देख सकते हैं।',
    },
  },
  refund_paid: {
    parameters: ['business', 'amount', 'reference'],
    body: {
      en: 'Hello from {{1}}. Your refund of {{2}} has been paid with reference {{3}}. It may take a day to reach your account.',
      hi: 'नमस्ते, {{1}} की ओर से। आपके {{2}} के रिफ़ंड का भुगतान संदर्भ {{3}} के साथ हो गया है। आपके खाते में पहुँचने में एक दिन लग सकता है।',
    },
  },
  meal_skipped: {
    parameters: ['business', 'meal', 'date'],
    body: {
      en: 'Hello from {{1}}. Your {{2}} on {{3}} is skipped. It will not be cooked for you.',
      hi: 'नमस्ते, {{1}} की ओर से। {{3}} का आपका {{2}} छोड़ दिया गया है। यह आपके लिए नहीं बनेगा।',
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
