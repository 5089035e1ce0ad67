// Reads the receipt HTML that server/lifecycles/payment/receipts.ts writes: its heading, the
// business lines under the name, and each section's label/value rows, with entities decoded. It
// follows that markup exactly, so a change to the markup fails the tests that read it rather than
// passing quietly.

export interface ReceiptDocument {
  title: string;
  /** 'Tax Invoice · ₹1,500' or 'Payment receipt · ₹1,500'. */
  heading: string;
  business: string[];
  sections: Map<string, [label: string, value: string][]>;
  footer: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

function one(html: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(html);
  if (!match) throw new Error(`The receipt HTML has no ${what}`);
  return match[1]!;
}

export function readReceiptHtml(html: string): ReceiptDocument {
  const header = one(html, /<header>([\s\S]*?)<\/header>/, 'header');
  const sections = new Map<string, [string, string][]>();
  for (const section of html.matchAll(
    /<section><h2>(.*?)<\/h2><table>(.*?)<\/table><\/section>/g,
  )) {
    const rows = [
      ...section[2]!.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th><td>(.*?)<\/td><\/tr>/g),
    ];
    sections.set(
      decode(section[1]!),
      rows.map((row) => [decode(row[1]!), decode(row[2]!)]),
    );
  }
  return {
    title: decode(one(html, /<title>(.*?)<\/title>/, 'title')),
    heading: decode(one(html, /<p class="total">(.*?)<\/p>/, 'heading')),
    business: [...header.matchAll(/<div>(.*?)<\/div>/g)].map((line) => decode(line[1]!)),
    sections,
    footer: decode(one(html, /<footer>(.*?)<\/footer>/, 'footer')),
  };
}

/** The value of `label` in section `title`; throws when absent so a missing field fails loudly. */
export function field(document: ReceiptDocument, title: string, label: string): string {
  const row = document.sections.get(title)?.find(([name]) => name === label);
  if (!row) throw new Error(`No "${label}" in the receipt's ${title} section`);
  return row[1];
}

/** '₹1,23,456.78' → 12345678 paise. */
export function paiseOf(rupees: string): number {
  const match = /^₹([\d,]+)(?:\.(\d{2}))?$/.exec(rupees);
  if (!match) throw new Error(`Not an amount in ₹: ${rupees}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2] ?? '0');
}
