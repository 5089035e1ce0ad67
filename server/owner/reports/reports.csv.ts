// The reports as CSV files: those for Excel are written as server/platform/csv.ts says; the GSTR-1
// files as the GST offline tool reads them.
import { csvFile as file, FORMULA_START, rupeesCell, textCell } from '@server/platform/csv.js';
import { GST_STATES } from '@server/platform/gst.js';
import { formatGstToolDate } from '@machines/shared';
import {
  addDocument,
  emptySupplyTotals,
  isB2b,
  type GstDocument,
  type GstSummary,
  type PaymentsReport,
  type SupplyTotals,
} from './reports.query.js';

/**
 * The GSTR-1 files are read by the GST offline tool, not by Excel: its templates' header line byte
 * for byte, plain values (no ="…", no byte-order mark before its first header), a cell quoted
 * only when it holds a comma or a quote. Every cell but a receiver's name is ASCII.
 */
const gstFile = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  `${[header.join(','), ...rows.map((cells) => cells.join(','))].join('\r\n')}\r\n`;
/** A text cell of a GSTR-1 file: formula-proof (an owner may open it in Excel), quoted if need be. */
const gstCell = (value: string) => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const line = (cells: readonly string[]) => cells.join(',');

const PAYMENTS_CSV_HEADER = [
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

/** The GSTR-1 files the GST report writes, each one of the offline tool's sheets. */
export const GSTR1_FORMATS = ['b2b', 'cdnr', 'b2cs', 'hsn_b2b', 'hsn_b2c'] as const;
export type Gstr1Format = (typeof GSTR1_FORMATS)[number];

/** The b2b sheet (GSTR-1 table 4A): one row per invoice to a registered recipient. */
const B2B_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Applicable % of Tax Rate',
  'Invoice Type',
  'E-Commerce GSTIN',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

/** The cdnr sheet (table 9B): one row per credit note to a registered recipient. */
const CDNR_HEADER = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Reverse Charge',
  'Note Supply Type',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

/** The b2cs sheet (table 7): unregistered customers, one row per place of supply and rate. */
const B2CS_HEADER = [
  'Type',
  'Place Of Supply',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
] as const;

/**
 * The hsn sheets (table 12), one for B2B and one for B2C as the portal asks since the May 2025
 * period. A service has no unit: UQC NA and quantity 0, as the GSTN asks for SAC lines.
 */
const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
  'Rate',
] as const;

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

const documentsOf = (summary: GstSummary, kind: GstDocument['kind'], b2b: boolean) =>
  summary.documents.filter((document) => document.kind === kind && isB2b(document) === b2b);

/** Not through an e-commerce operator, no reverse charge, no cess: how a mess supplies. */
const NO_CESS = rupeesCell(0);

function b2bCsv(summary: GstSummary): string {
  return gstFile(
    B2B_HEADER,
    documentsOf(summary, 'invoice', true).map((invoice) => [
      gstCell(invoice.buyerGstin ?? ''),
      gstCell(invoice.buyerName),
      gstCell(invoice.number),
      formatGstToolDate(invoice.date),
      rupeesCell(invoice.amountPaise),
      gstCell(placeOfSupplyCell(invoice.placeOfSupplyCode)),
      'N',
      '',
      'Regular B2B',
      '',
      ratePercent(invoice.rateBasisPoints),
      rupeesCell(invoice.taxablePaise),
      NO_CESS,
    ]),
  );
}

function cdnrCsv(summary: GstSummary): string {
  return gstFile(
    CDNR_HEADER,
    documentsOf(summary, 'credit_note', true).map((note) => [
      gstCell(note.buyerGstin ?? ''),
      gstCell(note.buyerName),
      gstCell(note.number),
      formatGstToolDate(note.date),
      // C: a credit note (D would be a debit note).
      'C',
      gstCell(placeOfSupplyCell(note.placeOfSupplyCode)),
      'N',
      'Regular B2B',
      rupeesCell(note.amountPaise),
      '',
      ratePercent(note.rateBasisPoints),
      rupeesCell(note.taxablePaise),
      NO_CESS,
    ]),
  );
}

/**
 * `documents` totalled per key, invoices less credit notes; each group with its first document,
 * which holds what the key is made of.
 */
function totalsBy(documents: readonly GstDocument[], keyOf: (document: GstDocument) => string) {
  const groups = new Map<string, { first: GstDocument; totals: SupplyTotals }>();
  for (const document of documents) {
    const key = keyOf(document);
    const group = groups.get(key) ?? { first: document, totals: emptySupplyTotals() };
    addDocument(group.totals, document);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Unregistered customers' invoices less their credit notes, per place of supply and rate. */
function b2csCsv(summary: GstSummary): string {
  const groups = totalsBy(
    summary.documents.filter((document) => !isB2b(document)),
    (document) => `${document.placeOfSupplyCode}|${document.rateBasisPoints}`,
  );
  return gstFile(
    B2CS_HEADER,
    groups.map(({ first, totals }) => [
      // OE: not through an e-commerce operator.
      'OE',
      gstCell(placeOfSupplyCell(first.placeOfSupplyCode)),
      '',
      ratePercent(first.rateBasisPoints),
      rupeesCell(totals.net.taxablePaise),
      NO_CESS,
      '',
    ]),
  );
}

/** The HSN/SAC summary of B2B or of B2C supplies, net of their credit notes. */
function hsnCsv(summary: GstSummary, b2b: boolean): string {
  const groups = totalsBy(
    summary.documents.filter((document) => isB2b(document) === b2b),
    (document) => `${document.sac}|${document.rateBasisPoints}`,
  );
  return gstFile(
    HSN_HEADER,
    groups.map(({ first: { sac, rateBasisPoints }, totals: { net } }) => [
      gstCell(sac),
      gstCell(SAC_DESCRIPTIONS[sac] ?? ''),
      'NA',
      '0',
      rupeesCell(net.totalPaise),
      rupeesCell(net.taxablePaise),
      rupeesCell(0),
      rupeesCell(net.cgstPaise),
      rupeesCell(net.sgstPaise),
      NO_CESS,
      ratePercent(rateBasisPoints),
    ]),
  );
}

/** One of the GSTR-1 files of a period, as the GST offline tool's sheet of that name. */
export function gstr1Csv(summary: GstSummary, format: Gstr1Format): string {
  switch (format) {
    case 'b2b':
      return b2bCsv(summary);
    case 'cdnr':
      return cdnrCsv(summary);
    case 'b2cs':
      return b2csCsv(summary);
    case 'hsn_b2b':
      return hsnCsv(summary, true);
    case 'hsn_b2c':
      return hsnCsv(summary, false);
  }
}
