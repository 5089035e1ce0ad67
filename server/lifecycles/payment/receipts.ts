// Payment receipts as HTML, plain text and PDF; a payment recorded under a GSTIN gets a tax invoice
// instead.
// The HTML is written in the language the request asks for; the PDF is English in every language,
// since pdfkit does not shape Devanagari (its conjuncts and vowel signs would come out broken).
// The PDF embeds Noto Sans: pdfkit's built-in Helvetica has no ₹.
import { hasEmail } from '@machines/walk-in';
import { escapeHtml } from '@server/platform/html.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { paymentGatewayLabel, paymentModeLabel } from '@machines/payment';
import type { Config } from '@server/config.js';
import type { Database, PaymentsTable } from '@server/platform/db/schema.js';
import { rupeesInWords } from '@server/platform/format.js';
import { formatRate } from '@server/platform/gst.js';
import {
  DEFAULT_LANGUAGE,
  formatDate,
  formatMoney,
  hasMessage,
  t,
  type Language,
  type MessageValues,
} from '@server/platform/i18n.js';
import { dateInZone } from '@server/platform/time.js';
import { formatPhone, formatRupees, textIn } from '@machines/shared';
import { paymentsWithSubscription } from './payment.read.js';

/** The GST a payment was invoiced under, as recorded with it (server/platform/gst.ts taxInvoiceColumns). */
export interface TaxInvoice {
  gstin: string;
  placeOfSupply: string;
  sac: string;
  rateBasisPoints: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** The customer's GSTIN and billing address as given when the payment was recorded, if any. */
  buyerGstin?: string;
  buyerAddress?: string;
}

export interface Receipt {
  paymentId: number;
  receiptNumber: string;
  /** The payment's business date, YYYY-MM-DD. */
  date: string;
  customer: { name: string; username: string; phone: string; email: string };
  /** `nameHi`: the owner's Hindi name, printed on a receipt written in Hindi (null: none). */
  plan: {
    name: string;
    nameHi: string | null;
    serviceType: 'mess' | 'tiffin';
    durationDays: number;
  };
  period: { start: string | null; end: string | null };
  amountPaise: number;
  currency: string;
  gateway: string;
  paymentMode: string | null;
  orderId: string;
  providerPaymentId: string;
  /** Money received at the mess: the date the owner says it came, and its UPI/UTR reference. */
  receivedOn: string | null;
  reference: string | null;
  status: string;
  business: Config['business'];
  /** Null: a plain receipt (the payment was recorded without a GSTIN). */
  taxInvoice: TaxInvoice | null;
  /** What the subscription still owed once this payment was taken off (null: nothing). */
  stillDuePaise?: number | null;
}

/** A payment row's invoice columns (server/platform/gst.ts taxInvoiceColumns), all null for a receipt. */
export type TaxInvoiceColumns = Pick<
  PaymentsTable,
  | 'invoice_gstin'
  | 'invoice_place_of_supply'
  | 'invoice_sac'
  | 'gst_rate_basis_points'
  | 'taxable_paise'
  | 'cgst_paise'
  | 'sgst_paise'
> &
  Partial<Pick<PaymentsTable, 'invoice_buyer_gstin' | 'invoice_buyer_address'>>;

/** The tax invoice a payment was recorded under, or null: it was recorded without a GSTIN. */
export function taxInvoiceOf(row: TaxInvoiceColumns): TaxInvoice | null {
  return row.invoice_gstin !== null &&
    row.invoice_place_of_supply !== null &&
    row.invoice_sac !== null &&
    row.gst_rate_basis_points !== null &&
    row.taxable_paise !== null &&
    row.cgst_paise !== null &&
    row.sgst_paise !== null
    ? {
        gstin: row.invoice_gstin,
        placeOfSupply: row.invoice_place_of_supply,
        sac: row.invoice_sac,
        rateBasisPoints: Number(row.gst_rate_basis_points),
        taxablePaise: Number(row.taxable_paise),
        cgstPaise: Number(row.cgst_paise),
        sgstPaise: Number(row.sgst_paise),
        ...(row.invoice_buyer_gstin ? { buyerGstin: row.invoice_buyer_gstin } : {}),
        ...(row.invoice_buyer_address ? { buyerAddress: row.invoice_buyer_address } : {}),
      }
    : null;
}

/** Receipt numbers are sequential per business; shown zero-padded. */
export const formatReceiptNumber = (value: number | null) =>
  value === null ? null : `RCPT-${String(value).padStart(6, '0')}`;

/** The receipt number of the payment that paid a link or QR code, if one did. */
export async function paidReceiptNumber(
  db: Kysely<Database>,
  paymentId: number | null,
): Promise<string | null> {
  const payment = paymentId
    ? await db
        .selectFrom('payments')
        .select('receipt_number')
        .where('id', '=', paymentId)
        .executeTakeFirst()
    : undefined;
  return payment ? formatReceiptNumber(payment.receipt_number) : null;
}

/** ₹1,500.00: the paise always shown, as an invoice's tax lines need. */
function formatInrExact(paise: number): string {
  return (
    '₹' +
    (Number(paise) / 100).toLocaleString('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
  );
}

/** ₹1,500 or ₹1,499.50: the one way every screen writes money (machines/shared/money.ts). */
export const formatInr = (paise: number): string => formatRupees(Number(paise) / 100);

/**
 * What the payment's subscription still owed right after it: the subscription's ledger entries up
 * to the payment's own (a part payment's receipt says it; later payments never change it). Null
 * when that was nothing, or the payment has no ledger entry.
 */
async function dueAfterPayment(db: Kysely<Database>, paymentId: number): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_entries as paid')
    .innerJoin('ledger_entries as e', (join) =>
      join.onRef('e.subscription_id', '=', 'paid.subscription_id').onRef('e.id', '<=', 'paid.id'),
    )
    .select((eb) => eb.fn.sum<number>('e.amount_paise').as('due'))
    .where('paid.source_type', '=', 'payment')
    .where('paid.source_id', '=', paymentId)
    .where('paid.kind', '=', 'payment')
    .executeTakeFirst();
  const due = Number(row?.due ?? 0);
  return due > 0 ? due : null;
}

/** The customer a receipt or credit note is made out to, as both read their account. */
export const BUYER_COLUMNS = [
  'users.first_name',
  'users.last_name',
  'users.username',
  'users.phone',
  'users.email',
  'users.erased_at',
] as const;

/** The receipt of a SUCCESS payment, or null (no such payment, or not successful). */
export async function loadReceipt(
  db: Kysely<Database>,
  config: Config,
  paymentId: number,
): Promise<(Receipt & { userId: number }) | null> {
  const row = await paymentsWithSubscription(db)
    .select([
      'payments.id',
      'payments.user_id',
      'payments.status',
      'payments.amount_paise',
      'payments.currency',
      'payments.payment_gateway',
      'payments.payment_mode',
      'payments.receipt_number',
      'payments.razorpay_order_id',
      'payments.razorpay_payment_id',
      'payments.transaction_id',
      'payments.created_at',
      'payments.received_on',
      'payments.utr',
      'payments.invoice_gstin',
      'payments.invoice_place_of_supply',
      'payments.invoice_sac',
      'payments.gst_rate_basis_points',
      'payments.taxable_paise',
      'payments.cgst_paise',
      'payments.sgst_paise',
      'payments.invoice_buyer_gstin',
      'payments.invoice_buyer_address',
      'subscriptions.start_date',
      'subscriptions.base_end_date',
      'plans.name as plan_name',
      'plans.name_hi as plan_name_hi',
      'plans.service_type',
      'plans.duration_days',
      ...BUYER_COLUMNS,
      'payments.invoice_buyer_name',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  if (!row || row.status !== 'SUCCESS') return null;
  return {
    stillDuePaise: await dueAfterPayment(db, row.id),
    paymentId: row.id,
    userId: row.user_id,
    receiptNumber: formatReceiptNumber(row.receipt_number) ?? `RCPT-P${row.id}`,
    date: dateInZone(new Date(row.created_at), config.businessTz),
    customer: {
      // An erased customer's invoice keeps the name it was issued to, and no contact details.
      name: row.invoice_buyer_name ?? (`${row.first_name} ${row.last_name}`.trim() || row.username),
      username: row.username,
      phone: row.erased_at ? '' : formatPhone(row.phone),
      email: row.erased_at ? '' : row.email,
    },
    plan: {
      name: row.plan_name,
      nameHi: row.plan_name_hi,
      serviceType: row.service_type,
      durationDays: row.duration_days,
    },
    period: { start: row.start_date, end: row.base_end_date },
    amountPaise: row.amount_paise,
    currency: row.currency,
    gateway: row.payment_gateway,
    paymentMode: row.payment_mode,
    orderId: row.razorpay_order_id ?? '',
    providerPaymentId: row.razorpay_payment_id ?? row.transaction_id ?? '',
    receivedOn: row.received_on,
    reference: row.utr,
    status: row.status,
    // The business's current profile, but without today's GSTIN: only an invoice carries one.
    business: { ...config.business, gstin: null },
    taxInvoice: taxInvoiceOf(row),
  };
}

/**
 * The business's FSSAI licence number, printed on every receipt, invoice and credit note (FSSAI
 * order of 8 June 2021); nothing until BUSINESS_FSSAI is set.
 */
export const fssaiLine = (business: Pick<Config['business'], 'fssai'>, language: Language) =>
  business.fssai ? [t(language, 'receipt.business.fssai', { number: business.fssai })] : [];

/** A label and its value; a `sum` row (an invoice's total) is set in bold under a rule. */
type Row = readonly [label: string, value: string, style?: 'sum'];
export interface Section {
  title: string;
  rows: readonly Row[];
}

/**
 * The tax section of an invoice or a credit note, in `language`: the SAC, the taxable value, the
 * CGST and SGST at half the rate each, the total and the total in words.
 */
export function taxSection(
  language: Language,
  tax: Pick<TaxInvoice, 'sac' | 'rateBasisPoints' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise'> & {
    amountPaise: number;
  },
): Section {
  const say = (id: string, values?: MessageValues) => t(language, id, values);
  const halfRate = formatRate(tax.rateBasisPoints / 2);
  return {
    title: say('receipt.section.tax'),
    rows: [
      [say('receipt.hsn_sac'), tax.sac],
      [say('receipt.taxable_value'), formatInrExact(tax.taxablePaise)],
      [say('receipt.cgst', { rate: halfRate }), formatInrExact(tax.cgstPaise)],
      [say('receipt.sgst', { rate: halfRate }), formatInrExact(tax.sgstPaise)],
      [say('receipt.total'), formatInrExact(tax.amountPaise), 'sum'],
      [say('receipt.amount_in_words'), rupeesInWords(tax.amountPaise, language)],
    ],
  };
}

/**
 * A value's label from the catalogue (`label.payment_gateway.razorpay`); a value nobody labelled
 * (a mode a provider added later) reads as `fallback`.
 */
const labelIn = (language: Language, key: string, fallback: string) =>
  hasMessage(language, key) ? t(language, key) : fallback;

/**
 * The document's words and numbers, shared by the HTML and the PDF so both say the same, in
 * `language` (the PDF always asks for English).
 */
function receiptContent(receipt: Receipt, language: Language = DEFAULT_LANGUAGE) {
  const say = (id: string, values?: MessageValues) => t(language, id, values);
  const date = (value: string) => formatDate(language, value);
  const invoice = receipt.taxInvoice;
  const period =
    receipt.period.start && receipt.period.end
      ? say('receipt.period.range', {
          start: date(receipt.period.start),
          end: date(receipt.period.end),
        })
      : say('receipt.period.on_payment');
  const gstin = invoice?.gstin ?? receipt.business.gstin;
  const sections: Section[] = [
    invoice
      ? {
          title: say('receipt.section.invoice'),
          rows: [
            [say('receipt.invoice_number'), receipt.receiptNumber],
            [say('receipt.invoice_date'), date(receipt.date)],
            [say('receipt.place_of_supply'), invoice.placeOfSupply],
            [say('receipt.reverse_charge'), say('receipt.reverse_charge.no')],
          ],
        }
      : {
          title: say('receipt.section.receipt'),
          rows: [
            [say('receipt.receipt_number'), receipt.receiptNumber],
            [say('receipt.date'), date(receipt.date)],
          ],
        },
    {
      title: say(invoice ? 'receipt.section.billed_to' : 'receipt.section.customer'),
      rows: [
        [say('receipt.name'), receipt.customer.name],
        // A registered customer's GSTIN and address (Rule 46), when they gave them.
        ...(invoice?.buyerAddress
          ? ([[say('receipt.address'), invoice.buyerAddress]] as const)
          : []),
        ...(invoice?.buyerGstin ? ([[say('receipt.gstin'), invoice.buyerGstin]] as const) : []),
        [say('receipt.phone'), receipt.customer.phone],
        // A walk-in who gave no e-mail address has none to print.
        ...(hasEmail(receipt.customer.email)
          ? ([[say('receipt.email'), receipt.customer.email]] as const)
          : []),
      ],
    },
    {
      title: say('receipt.section.subscription'),
      rows: [
        [say('receipt.plan'), textIn(language, receipt.plan.name, receipt.plan.nameHi)],
        [say('receipt.service_type'), say(`receipt.service_type.${receipt.plan.serviceType}`)],
        [
          say('receipt.duration'),
          say('receipt.duration.days', { days: receipt.plan.durationDays }),
        ],
        [say('receipt.period'), period],
      ],
    },
  ];
  if (invoice)
    sections.push(taxSection(language, { ...invoice, amountPaise: receipt.amountPaise }));
  const { gateway, paymentMode, status } = receipt;
  sections.push({
    title: say('receipt.section.payment'),
    rows: [
      [say('receipt.amount'), formatMoney(language, receipt.amountPaise)],
      // A part payment: what was left to pay (the walk-in's "₹800 still due").
      ...(receipt.stillDuePaise
        ? ([[say('receipt.still_due'), formatMoney(language, receipt.stillDuePaise)]] as const)
        : []),
      [say('receipt.currency'), receipt.currency],
      [
        say('receipt.gateway'),
        labelIn(language, `label.payment_gateway.${gateway}`, paymentGatewayLabel(gateway)),
      ],
      ...(paymentMode
        ? ([
            [
              say('receipt.payment_mode'),
              labelIn(
                language,
                `label.payment_mode.${paymentMode}`,
                paymentModeLabel(paymentMode) ?? '',
              ),
            ],
          ] as const)
        : []),
      // An offline payment has no provider order; it has the day the mess received the money.
      ...(receipt.orderId ? ([[say('receipt.order_id'), receipt.orderId]] as const) : []),
      ...(receipt.receivedOn
        ? ([[say('receipt.received_on'), date(receipt.receivedOn)]] as const)
        : []),
      ...(receipt.reference ? ([[say('receipt.reference'), receipt.reference]] as const) : []),
      [say('receipt.payment_id'), receipt.providerPaymentId],
      // The status as people read it ("Success"), not the stored SUCCESS.
      [say('receipt.status'), labelIn(language, `label.payment_status.${status}`, status)],
    ],
  });
  return {
    /** 'Tax Invoice' or 'Payment receipt'. */
    kind: say(invoice ? 'receipt.kind.invoice' : 'receipt.kind.receipt'),
    business: [
      receipt.business.address,
      ...(gstin ? [say('receipt.business.gstin', { gstin })] : []),
      ...fssaiLine(receipt.business, language),
      say('receipt.business.phone', { phone: receipt.business.phone }),
      say('receipt.business.email', { email: receipt.business.email }),
    ],
    sections,
    footer: say(invoice ? 'receipt.footer.invoice' : 'receipt.footer.receipt'),
  };
}

/** The file name of the PDF download: RCPT-000001.pdf, or RCPT-000001_80mm.pdf for the roll. */
export const receiptFileName = (receipt: Receipt, layout: 'a4' | 'thermal' = 'a4') =>
  `${receipt.receiptNumber}${layout === 'thermal' ? '_80mm' : ''}.pdf`;

/** A printed layout: A4 (the screen and an office printer) or an 80 mm thermal counter roll. */
export type DocumentLayout = 'a4' | 'thermal';

/** What a printed document (a receipt, a tax invoice, a credit note) shows, in one language. */
export interface PrintedDocument {
  language: Language;
  /** 'Tax Invoice', 'Credit Note'. */
  kind: string;
  number: string;
  businessName: string;
  businessLines: readonly string[];
  /** The amount under the heading, as the language writes it. */
  amount: string;
  sections: readonly Section[];
  footer: string;
}

const A4_STYLE = `body{font-family:"Noto Sans",system-ui,sans-serif;color:#1f2937;max-width:640px;margin:24px auto;padding:0 16px}
header{border-bottom:2px solid #ea580c;padding-bottom:12px;margin-bottom:16px}
h1{margin:0 0 4px;font-size:1.4rem}h2{font-size:1rem;margin:16px 0 6px;color:#9a3412}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:4px 0;vertical-align:top}
th{width:40%;padding-right:16px;font-weight:600;color:#4b5563}td{font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
tr.sum th,tr.sum td{font-weight:700;color:#1f2937;border-top:1px solid #d1d5db;padding-top:6px}
.total{font-size:1.3rem;font-weight:700}
footer{margin-top:24px;font-size:.85rem;color:#6b7280}
@media (max-width:480px){body{margin:12px auto;padding:0 4px}th,td{display:block;width:auto;padding:0}th{padding-top:10px;font-size:.85rem}tr.sum td{border-top:0;padding-top:0}}`;

// A thermal printer prints black on a 72 mm line of an 80 mm roll: no colour, no grey (it dithers
// into dots), small type, the paper as long as the content (@page height auto).
const THERMAL_STYLE = `@page{size:80mm auto;margin:3mm 4mm}
html,body{background:#fff}
body{font-family:"Noto Sans",system-ui,sans-serif;color:#000;width:72mm;margin:0 auto;padding:2mm 0;font-size:11px;line-height:1.3}
header{text-align:center;border-bottom:1px dashed #000;padding-bottom:4px;margin-bottom:4px}
h1{margin:0 0 2px;font-size:15px}h2{font-size:11px;margin:6px 0 2px;text-transform:uppercase;border-bottom:1px dashed #000}
table{width:100%;border-collapse:collapse}th,td{padding:1px 0;vertical-align:top;text-align:left}
th{font-weight:400;width:45%;padding-right:4px}td{text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
tr.sum th,tr.sum td{font-weight:700;border-top:1px solid #000}
.total{font-size:14px;font-weight:700;text-align:center;margin:4px 0}
footer{margin-top:8px;border-top:1px dashed #000;padding-top:4px;text-align:center;font-size:10px}
@media screen{body{border:1px solid #ccc;padding:3mm 4mm;margin:8px auto}}
@media print{body{width:auto;margin:0}}`;

/** A printed document as a standalone HTML page, in its layout. */
export function documentHtml(document: PrintedDocument, layout: DocumentLayout = 'a4'): string {
  const table = ({ title, rows }: Section) =>
    `<section><h2>${escapeHtml(title)}</h2><table>${rows
      .map(
        ([label, value, style]) =>
          `<tr${style ? ` class="${style}"` : ''}><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table></section>`;
  // Narrower than 480 px (a phone, or the web app's receipt dialog on one) each label stands above
  // its value: side by side in a 40 % column they ran together ("Phone+91…").
  return `<!doctype html>
<html lang="${document.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.kind)} ${escapeHtml(document.number)}</title>
<style>
${layout === 'thermal' ? THERMAL_STYLE : A4_STYLE}
</style>
</head>
<body${layout === 'thermal' ? ' class="thermal"' : ''}>
<header>
<h1>${escapeHtml(document.businessName)}</h1>
${document.businessLines.map((line) => `<div>${escapeHtml(line)}</div>`).join('\n')}
</header>
<p class="total">${escapeHtml(document.kind)} · ${escapeHtml(document.amount)}</p>
${document.sections.map(table).join('\n')}
<footer>${escapeHtml(document.footer)}</footer>
</body>
</html>
`;
}

/** The receipt's printed document, in `language`. */
function receiptDocument(receipt: Receipt, language: Language = DEFAULT_LANGUAGE): PrintedDocument {
  const content = receiptContent(receipt, language);
  return {
    language,
    kind: content.kind,
    number: receipt.receiptNumber,
    businessName: receipt.business.name,
    businessLines: content.business,
    amount: formatMoney(language, receipt.amountPaise),
    sections: content.sections,
    footer: content.footer,
  };
}

/** The receipt as a standalone HTML document, in `language` (the web app's receipt dialog). */
export function receiptHtml(
  receipt: Receipt,
  language: Language = DEFAULT_LANGUAGE,
  layout: DocumentLayout = 'a4',
): string {
  return documentHtml(receiptDocument(receipt, language), layout);
}

/**
 * The receipt as plain text for a terminal (`dabba payments receipt`), in `language`: the same
 * words as the HTML, each section's labels and values in two aligned columns.
 */
export function receiptText(receipt: Receipt, language: Language = DEFAULT_LANGUAGE): string {
  const content = receiptContent(receipt, language);
  const labelWidth = Math.max(
    ...content.sections.flatMap(({ rows }) => rows.map(([label]) => label.length)),
  );
  const section = ({ title, rows }: Section) => {
    const lines = [title];
    for (const [label, value, style] of rows) {
      // An invoice's total stands under a rule, as in the HTML and the PDF.
      if (style === 'sum') lines.push(`  ${'-'.repeat(labelWidth + 2 + value.length)}`);
      lines.push(`  ${label.padEnd(labelWidth)}  ${value}`);
    }
    return lines.join('\n');
  };
  return [
    [receipt.business.name, ...content.business].join('\n'),
    `${content.kind} · ${formatMoney(language, receipt.amountPaise)}`,
    ...content.sections.map(section),
    content.footer,
  ]
    .join('\n\n')
    .concat('\n');
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

function loadFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    ),
    bold: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
    ),
  };
  return fonts;
}

/** Points in a millimetre. */
const MM = 72 / 25.4;

/**
 * Draws a document on `doc` and answers where it ended. A4: 50 pt margins, labels in a 150 pt
 * column. Thermal: a 72 mm line on 80 mm paper, label and value on one line when they fit.
 */
function drawDocument(
  doc: PDFKit.PDFDocument,
  document: PrintedDocument,
  layout: DocumentLayout,
): number {
  const thermal = layout === 'thermal';
  const left = thermal ? 4 * MM : 50;
  const width = thermal ? 72 * MM : 495;
  const labelWidth = thermal ? width * 0.45 : 150;
  const valueX = thermal ? left + labelWidth + 4 : 210;
  const valueWidth = left + width - valueX;
  const ink = (colour: string) => (thermal ? '#000000' : colour);
  const size = (a4: number, roll: number) => (thermal ? roll : a4);
  const align = thermal ? 'center' : 'left';
  /** `text` in `font`, at its size on A4 and on a roll, in its colour, from the left margin. */
  const write = (
    text: string,
    font: 'Bold' | 'Body',
    [a4, roll]: [number, number],
    colour: string,
    options: { width: number; align?: 'center' | 'left' } = { width, align },
  ) =>
    doc.font(font).fontSize(size(a4, roll)).fillColor(ink(colour)).text(text, left, doc.y, options);
  write(document.businessName, 'Bold', [20, 12], '#1f2937');
  doc.font('Body').fontSize(size(10, 7.5)).fillColor(ink('#4b5563'));
  for (const line of document.businessLines) doc.text(line, left, doc.y, { width, align });
  doc.moveDown(thermal ? 0.5 : 1);
  write(document.kind, 'Bold', [16, 10], '#9a3412');
  write(document.amount, 'Bold', [14, 10], '#1f2937');
  doc.moveDown(0.5);

  const rule = () => {
    doc.y += 2;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(ink('#d1d5db'))
      .stroke();
    doc.y += 3;
  };
  for (const { title, rows } of document.sections) {
    doc.moveDown(thermal ? 0.3 : 0.5);
    write(title, 'Bold', [12, 8], '#9a3412', { width });
    if (thermal) rule();
    doc.fontSize(size(10, 7.5)).fillColor(ink('#1f2937'));
    for (const [label, value, style] of rows) {
      if (style === 'sum') rule();
      const y = doc.y;
      doc.font(thermal ? 'Body' : 'Bold').text(label, left, y, { width: labelWidth });
      const labelBottom = doc.y;
      doc
        .font(style === 'sum' ? 'Bold' : 'Body')
        .text(value, valueX, y, { width: valueWidth, align: thermal ? 'right' : 'left' });
      doc.y = Math.max(doc.y, labelBottom);
      doc.x = left;
    }
  }
  doc.moveDown(thermal ? 1 : 2);
  write(document.footer, 'Body', [9, 7], '#6b7280');
  return doc.y;
}

/** A printed document as a PDF: A4, or 80 mm wide and as long as its content. */
export async function documentPdf(
  document: PrintedDocument,
  layout: DocumentLayout = 'a4',
  options: { compress?: boolean; subject?: string } = {},
): Promise<Buffer> {
  // pdfkit and the fonts cost ~25 MB; an idle server should not hold them.
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = loadFonts();
  const create = (size: [number, number] | 'A4') => {
    const doc = new PDFDocument({
      size,
      margins:
        layout === 'thermal'
          ? { top: 4 * MM, bottom: 4 * MM, left: 4 * MM, right: 4 * MM }
          : { top: 50, bottom: 50, left: 50, right: 50 },
      compress: options.compress ?? true,
      info: {
        Title: `${document.kind} ${document.number}`,
        Author: document.businessName,
        ...(options.subject ? { Subject: options.subject } : {}),
      },
    });
    doc.registerFont('Body', regular);
    doc.registerFont('Bold', bold);
    return doc;
  };
  let size: [number, number] | 'A4' = 'A4';
  if (layout === 'thermal') {
    // A roll has no page length: lay it out once on a very long page to learn where it ends.
    const probe = create([80 * MM, 5000]);
    const end = drawDocument(probe, document, layout);
    probe.end();
    size = [80 * MM, Math.ceil(end + 8 * MM)];
  }
  const doc = create(size);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawDocument(doc, document, layout);
  doc.end();
  return done;
}

/** The receipt as a PDF. `compress: false` keeps content streams readable (tests). */
export async function receiptPdf(
  receipt: Receipt,
  options: { compress?: boolean; layout?: DocumentLayout } = {},
): Promise<Buffer> {
  // English in every language: pdfkit lays glyphs out one by one, without the shaping Devanagari
  // needs, so a Hindi PDF would show broken conjuncts.
  return documentPdf(
    { ...receiptDocument(receipt, 'en'), amount: formatInr(receipt.amountPaise) },
    options.layout ?? 'a4',
    {
      ...(options.compress !== undefined ? { compress: options.compress } : {}),
      subject: `Payment of ${formatInr(receipt.amountPaise)}`,
    },
  );
}
