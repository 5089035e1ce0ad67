// The reports as CSV files that open cleanly in Excel: UTF-8 with a byte-order mark (else Excel
// reads ₹ and Hindi names as Latin-1), CRLF line ends, every cell quoted. Phone numbers and long
// digit-only references are written as ="…" so Excel keeps them as text (a bare +919876543210
// becomes 9.19876E+11, a 12-digit UTR loses its digits); that form is built only from digits,
// spaces and +, so it can run nothing. Any other cell starting with = + - @ (or a tab or CR) gets
// a ' in front (OWASP CSV injection).
import { GST_STATES } from '@server/platform/gst.js';
import type { GstSummary, PaymentsReport } from './reports.query.js';

/** What a spreadsheet would read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a numeric reference: text that Excel would turn into a number. */
const DIGITS_AS_TEXT = /^\+?[0-9][0-9 ]{5,}$/;

const BOM = '\uFEFF';

/** A text cell: quoted, formula-proof, digits kept as text. */
export function textCell(value: string | null): string {
  const text = value ?? '';
  if (DIGITS_AS_TEXT.test(text)) return `="${text}"`;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** An amount in rupees with two decimals (a number Excel adds up), from paise. */
export function rupeesCell(paise: number | null): string {
  if (paise === null) return '';
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const file = (lines: readonly string[]) => `${BOM}${lines.join('\r\n')}\r\n`;
/**
 * The GSTR-1 files are read by the GST offline tool, not by Excel: plain values (no ="…", no
 * byte-order mark before its expected first header), ASCII only.
 */
const gstFile = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;
const plainCell = (value: string) => `"${value.replace(/"/g, '""')}"`;
const line = (cells: readonly string[]) => cells.join(',');

export const PAYMENTS_CSV_HEADER = [
  'Date',
  'Receipt number',
  'Customer',
  'Username',
  'Phone',
  'Plan',
  'Mode',
  'Gateway',
  'Reference',
  'Status',
  'Amount (INR)',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
] as const;

/** A row of the report's sums: its label, then `paise` in the Amount column. */
const sumRow = (label: string, paise: number) =>
  line([textCell(label), ...Array.from({ length: 9 }, () => ''), rupeesCell(paise), '', '', '']);

/**
 * One row per payment, then a Total row (Total received, for successful payments) and, where the
 * report nets refunds, a Refunded and a Net row: what came in, what was paid back, what is left.
 */
export function paymentsCsv(report: PaymentsReport): string {
  const { total, refunded } = report;
  return file([
    line(PAYMENTS_CSV_HEADER.map((header) => textCell(header))),
    ...report.payments.map((payment) =>
      line([
        payment.date,
        textCell(payment.receiptNumber),
        textCell(payment.customerName),
        textCell(payment.username),
        textCell(payment.phone),
        textCell(payment.planName),
        textCell(payment.mode),
        textCell(payment.gateway),
        textCell(payment.reference),
        textCell(payment.status),
        rupeesCell(payment.amountPaise),
        rupeesCell(payment.taxablePaise),
        rupeesCell(payment.cgstPaise),
        rupeesCell(payment.sgstPaise),
      ]),
    ),
    sumRow(report.query.status === 'SUCCESS' ? 'Total received' : 'Total', total.totalPaise),
    ...(refunded
      ? [
          sumRow('Refunded', refunded.totalPaise),
          sumRow('Net', total.totalPaise - refunded.totalPaise),
        ]
      : []),
  ]);
}

/** 5 for 500 basis points, 2.5 for 250. */
const ratePercent = (basisPoints: number) => String(basisPoints / 100);

/** '09-Uttar Pradesh': how the GST offline tool names a place of supply. */
export const placeOfSupplyCell = (code: string) => `${code}-${GST_STATES[code] ?? ''}`;

/** The GST offline tool's b2cs sheet (GSTR-1 table 7): one row per place of supply and rate. */
export const B2CS_HEADER = [
  'Type',
  'Place Of Supply',
  'Rate',
  'Applicable % of Tax Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
] as const;

export function b2csCsv(summary: GstSummary): string {
  const rows = new Map<string, { code: string; rate: number; taxablePaise: number }>();
  for (const row of summary.rows) {
    const key = `${row.placeOfSupplyCode}|${row.rateBasisPoints}`;
    const entry = rows.get(key) ?? {
      code: row.placeOfSupplyCode,
      rate: row.rateBasisPoints,
      taxablePaise: 0,
    };
    entry.taxablePaise += row.net.taxablePaise;
    rows.set(key, entry);
  }
  return gstFile([
    line(B2CS_HEADER.map(plainCell)),
    ...[...rows.values()].map((row) =>
      line([
        // OE: not through an e-commerce operator.
        plainCell('OE'),
        plainCell(placeOfSupplyCell(row.code)),
        ratePercent(row.rate),
        '',
        rupeesCell(row.taxablePaise),
        rupeesCell(0),
        '',
      ]),
    ),
  ]);
}

/** What the SACs a mess uses are called (the GST rate schedule's descriptions). */
const SAC_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '996331': 'Services provided by restaurants, cafes and similar eating facilities',
  '996332': 'Services provided by hotels, inns, guest houses, clubs and the like',
  '996333': 'Services provided in canteens and other similar establishments',
  '996334': 'Catering services in exhibition halls, events, marriage halls and other outdoor',
  '996335': 'Catering, with or without food, in trains, flights and the like',
  '996336': 'Preparation and/or supply services of food, edible preparations',
  '996337': 'Other contract food services',
  '996339': 'Other food, edible preparations, alcoholic and non-alcoholic beverages',
};

/**
 * The GST offline tool's hsn sheet (GSTR-1 table 12). A service has no unit: UQC NA and quantity
 * 0, as the GSTN asks for SAC lines.
 */
export const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

export function hsnCsv(summary: GstSummary): string {
  const rows = new Map<string, { sac: string; rate: number; net: GstSummary['net'] }>();
  for (const row of summary.rows) {
    const key = `${row.sac}|${row.rateBasisPoints}`;
    const entry = rows.get(key) ?? {
      sac: row.sac,
      rate: row.rateBasisPoints,
      net: { count: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, totalPaise: 0 },
    };
    entry.net.count += row.net.count;
    entry.net.taxablePaise += row.net.taxablePaise;
    entry.net.cgstPaise += row.net.cgstPaise;
    entry.net.sgstPaise += row.net.sgstPaise;
    entry.net.totalPaise += row.net.totalPaise;
    rows.set(key, entry);
  }
  return gstFile([
    line(HSN_HEADER.map(plainCell)),
    ...[...rows.values()].map(({ sac, rate, net }) =>
      line([
        plainCell(sac),
        plainCell(SAC_DESCRIPTIONS[sac] ?? ''),
        plainCell('NA'),
        '0',
        rupeesCell(net.totalPaise),
        ratePercent(rate),
        rupeesCell(net.taxablePaise),
        rupeesCell(0),
        rupeesCell(net.cgstPaise),
        rupeesCell(net.sgstPaise),
        rupeesCell(0),
      ]),
    ),
  ]);
}
