// Payment receipts as HTML and PDF. The PDF embeds Noto Sans: pdfkit's built-in Helvetica has no ₹.
import { escapeHtml } from '../html.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { dateInZone } from '../time.js';

export interface Receipt {
  paymentId: number;
  receiptNumber: string;
  /** The payment's business date, YYYY-MM-DD. */
  date: string;
  customer: { name: string; username: string; phone: string; email: string };
  plan: { name: string; serviceType: 'mess' | 'tiffin'; durationDays: number };
  period: { start: string | null; end: string | null };
  amountPaise: number;
  currency: string;
  gateway: string;
  paymentMode: string | null;
  orderId: string;
  providerPaymentId: string;
  status: string;
  business: Config['business'];
}

/** Receipt numbers are sequential per business; shown zero-padded. */
export const formatReceiptNumber = (value: number | null) =>
  value === null ? null : `RCPT-${String(value).padStart(6, '0')}`;

/** ₹1,500 or ₹1,499.50, Indian digit grouping. */
export function formatInr(paise: number): string {
  const rupees = Number(paise) / 100;
  return (
    '₹' +
    rupees.toLocaleString('en-IN', {
      minimumFractionDigits: Number(paise) % 100 === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    })
  );
}

const SERVICE_LABELS = { mess: 'Mess Service', tiffin: 'Tiffin Service' } as const;
const GATEWAY_LABELS: Record<string, string> = { razorpay: 'Razorpay', sandbox: 'Sandbox (test)' };

/** The receipt of a SUCCESS payment, or null (no such payment, or not successful). */
export async function loadReceipt(
  db: Kysely<Database>,
  config: Config,
  paymentId: number,
): Promise<(Receipt & { userId: number }) | null> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('users', 'users.id', 'payments.user_id')
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
      'subscriptions.start_date',
      'subscriptions.base_end_date',
      'plans.name as plan_name',
      'plans.service_type',
      'plans.duration_days',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.phone',
      'users.email',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  if (!row || row.status !== 'SUCCESS') return null;
  return {
    paymentId: row.id,
    userId: row.user_id,
    receiptNumber: formatReceiptNumber(row.receipt_number) ?? `RCPT-P${row.id}`,
    date: dateInZone(new Date(row.created_at), config.businessTz),
    customer: {
      name: `${row.first_name} ${row.last_name}`.trim() || row.username,
      username: row.username,
      phone: row.phone,
      email: row.email,
    },
    plan: { name: row.plan_name, serviceType: row.service_type, durationDays: row.duration_days },
    period: { start: row.start_date, end: row.base_end_date },
    amountPaise: row.amount_paise,
    currency: row.currency,
    gateway: row.payment_gateway,
    paymentMode: row.payment_mode,
    orderId: row.razorpay_order_id ?? '',
    providerPaymentId: row.razorpay_payment_id ?? row.transaction_id ?? '',
    status: row.status,
    business: config.business,
  };
}

/** The receipt's lines, shared by the HTML and the PDF so both say the same. */
function sections(receipt: Receipt) {
  const period =
    receipt.period.start && receipt.period.end
      ? `${receipt.period.start} to ${receipt.period.end}`
      : 'Starts on payment';
  return {
    business: [
      receipt.business.address,
      ...(receipt.business.gstin ? [`GSTIN: ${receipt.business.gstin}`] : []),
      `Phone: ${receipt.business.phone}`,
      `E-mail: ${receipt.business.email}`,
    ],
    meta: [
      ['Receipt number', receipt.receiptNumber],
      ['Date', receipt.date],
    ] as const,
    customer: [
      ['Name', receipt.customer.name],
      ['Phone', receipt.customer.phone],
      ['E-mail', receipt.customer.email],
    ] as const,
    subscription: [
      ['Plan', receipt.plan.name],
      ['Service type', SERVICE_LABELS[receipt.plan.serviceType]],
      ['Duration', `${receipt.plan.durationDays} days`],
      ['Period', period],
    ] as const,
    payment: [
      ['Amount', formatInr(receipt.amountPaise)],
      ['Currency', receipt.currency],
      ['Gateway', GATEWAY_LABELS[receipt.gateway] ?? receipt.gateway],
      ...(receipt.paymentMode ? ([['Payment mode', receipt.paymentMode]] as const) : []),
      ['Order id', receipt.orderId],
      ['Payment id', receipt.providerPaymentId],
      ['Status', receipt.status],
    ] as const,
  };
}

export function receiptHtml(receipt: Receipt): string {
  const parts = sections(receipt);
  const table = (title: string, rows: readonly (readonly [string, string])[]) =>
    `<section><h2>${escapeHtml(title)}</h2><table>${rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table></section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Receipt ${escapeHtml(receipt.receiptNumber)}</title>
<style>
body{font-family:"Noto Sans",system-ui,sans-serif;color:#1f2937;max-width:640px;margin:24px auto;padding:0 16px}
header{border-bottom:2px solid #ea580c;padding-bottom:12px;margin-bottom:16px}
h1{margin:0 0 4px;font-size:1.4rem}h2{font-size:1rem;margin:16px 0 6px;color:#9a3412}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:4px 0;vertical-align:top}
th{width:40%;font-weight:600;color:#4b5563}.total{font-size:1.3rem;font-weight:700}
footer{margin-top:24px;font-size:.85rem;color:#6b7280}
</style>
</head>
<body>
<header>
<h1>${escapeHtml(receipt.business.name)}</h1>
${parts.business.map((line) => `<div>${escapeHtml(line)}</div>`).join('\n')}
</header>
<p class="total">Payment receipt · ${escapeHtml(formatInr(receipt.amountPaise))}</p>
${table('Receipt', parts.meta)}
${table('Customer', parts.customer)}
${table('Subscription', parts.subscription)}
${table('Payment', parts.payment)}
<footer>This is a computer-generated receipt and needs no signature.</footer>
</body>
</html>
`;
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

/** The receipt as a PDF. `compress: false` keeps content streams readable (tests). */
export function receiptPdf(
  receipt: Receipt,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const parts = sections(receipt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `Receipt ${receipt.receiptNumber}`,
      Author: receipt.business.name,
      Subject: `Payment of ${formatInr(receipt.amountPaise)}`,
    },
  });
  doc.registerFont('Body', regular);
  doc.registerFont('Bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Bold').fontSize(20).fillColor('#1f2937').text(receipt.business.name);
  doc.font('Body').fontSize(10).fillColor('#4b5563');
  for (const line of parts.business) doc.text(line);
  doc.moveDown();
  doc.font('Bold').fontSize(16).fillColor('#9a3412').text('Payment receipt');
  doc.font('Bold').fontSize(14).fillColor('#1f2937').text(formatInr(receipt.amountPaise));
  doc.moveDown(0.5);

  const block = (title: string, rows: readonly (readonly [string, string])[]) => {
    doc.moveDown(0.5);
    doc.font('Bold').fontSize(12).fillColor('#9a3412').text(title);
    doc.fontSize(10).fillColor('#1f2937');
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Bold').text(label, 50, y, { width: 150 });
      const labelBottom = doc.y;
      doc.font('Body').text(value, 210, y, { width: 335 });
      doc.y = Math.max(doc.y, labelBottom);
      doc.x = 50;
    }
  };
  block('Receipt', parts.meta);
  block('Customer', parts.customer);
  block('Subscription', parts.subscription);
  block('Payment', parts.payment);
  doc.moveDown(2);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor('#6b7280')
    .text('This is a computer-generated receipt and needs no signature.', 50);
  doc.end();
  return done;
}
