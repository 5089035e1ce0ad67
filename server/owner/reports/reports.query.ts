// The owner's month-end reports: payments over a date range (totals per mode and per day) and, with
// BUSINESS_GSTIN, the GST summary per rate and SAC and per B2B and B2C, invoices less the period's
// credit notes, with the documents GSTR-1's sheets list. Sums are exact integers in paise, added
// in code from the same rows the report lists, so a report's totals are the sum of its receipts.
import type { Kysely } from 'kysely';
import { addDays } from '@machines/shared';
import { paymentModeLabel } from '@machines/payment';
import type { Database, PaymentStatus } from '@server/platform/db/schema.js';
import { formatReceiptNumber } from '@server/lifecycles/payment/receipts.js';
import { businessDayStart, dateInZone } from '@server/platform/time.js';
import { fullName } from '@server/platform/format.js';
import { moneyByDay } from '@server/owner/home/home.query.js';
import { paymentsWithSubscription } from '@server/lifecycles/payment/payment.read.js';

/** payment_mode of a payment that has none recorded (an old online payment). */
const UNKNOWN_MODE = 'unknown';
/** The `mode` filter that matches every payment made through the provider, whatever its method. */
const ONLINE_MODE = 'online';
const OFFLINE_GATEWAY = 'offline';

export interface PaymentsReportQuery {
  from: string;
  to: string;
  status: PaymentStatus;
  mode: string | null;
}

interface ReportPayment {
  id: number;
  date: string;
  receiptNumber: string | null;
  customerName: string;
  username: string;
  phone: string;
  planName: string;
  mode: string;
  gateway: string;
  reference: string | null;
  status: PaymentStatus;
  amountPaise: number;
  taxablePaise: number | null;
  cgstPaise: number | null;
  sgstPaise: number | null;
}

export interface Total {
  count: number;
  totalPaise: number;
}

export interface PaymentsReport {
  query: PaymentsReportQuery;
  payments: ReportPayment[];
  total: Total;
  /** Refunds marked PAID in the period; null when the report has none to net (refundsApply). */
  refunded: Total | null;
  byMode: (Total & { mode: string; label: string })[];
  /** The days with a payment or a refund, oldest first. */
  byDay: (Total & { date: string; refunded: Total | null })[];
}

/**
 * Refunds are paid back by no payment mode and have no payment status: they are netted in the
 * report of every successful payment, as on the owner's home, and in no other.
 */
const refundsApply = (query: PaymentsReportQuery) =>
  query.status === 'SUCCESS' && query.mode === null;

/** A payment's amount with its tax split, and its customer's name: both payment reports show them. */
const PAID_TAX_AND_CUSTOMER_COLUMNS = [
  'payments.amount_paise',
  'payments.taxable_paise',
  'payments.cgst_paise',
  'payments.sgst_paise',
  'users.first_name',
  'users.last_name',
  'users.username',
] as const;

/** Every date from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export async function paymentsReport(
  db: Kysely<Database>,
  timeZone: string,
  query: PaymentsReportQuery,
): Promise<PaymentsReport> {
  let select = paymentsWithSubscription(db)
    .select([
      'payments.id',
      'payments.created_at',
      'payments.receipt_number',
      'payments.payment_mode',
      'payments.payment_gateway',
      'payments.utr',
      'payments.status',
      ...PAID_TAX_AND_CUSTOMER_COLUMNS,
      'users.phone',
      'plans.name as plan_name',
    ])
    .where('payments.status', '=', query.status)
    .where('payments.created_at', '>=', businessDayStart(query.from, timeZone))
    .where('payments.created_at', '<', businessDayStart(addDays(query.to, 1), timeZone));
  if (query.mode === ONLINE_MODE) {
    select = select.where('payments.payment_gateway', '<>', OFFLINE_GATEWAY);
  } else if (query.mode === UNKNOWN_MODE) {
    select = select.where('payments.payment_mode', 'is', null);
  } else if (query.mode) {
    select = select.where('payments.payment_mode', '=', query.mode);
  }
  const [rows, refundDays] = await Promise.all([
    select.orderBy('payments.created_at', 'asc').orderBy('payments.id', 'asc').execute(),
    refundsApply(query) ? moneyByDay(db, datesOf(query.from, query.to), timeZone) : null,
  ]);
  const payments = rows.map((row): ReportPayment => ({
    id: row.id,
    date: dateInZone(new Date(row.created_at), timeZone),
    receiptNumber: formatReceiptNumber(row.receipt_number),
    customerName: `${row.first_name} ${row.last_name}`.trim() || row.username,
    username: row.username,
    phone: row.phone,
    planName: row.plan_name,
    mode: row.payment_mode ?? UNKNOWN_MODE,
    gateway: row.payment_gateway,
    reference: row.utr,
    status: row.status,
    amountPaise: Number(row.amount_paise),
    taxablePaise: row.taxable_paise === null ? null : Number(row.taxable_paise),
    cgstPaise: row.cgst_paise === null ? null : Number(row.cgst_paise),
    sgstPaise: row.sgst_paise === null ? null : Number(row.sgst_paise),
  }));
  const add = (totals: Map<string, Total>, key: string, amountPaise: number) => {
    const total = totals.get(key) ?? { count: 0, totalPaise: 0 };
    total.count += 1;
    total.totalPaise += amountPaise;
    totals.set(key, total);
  };
  const modes = new Map<string, Total>();
  const days = new Map<string, Total>();
  for (const payment of payments) {
    add(modes, payment.mode, payment.amountPaise);
    add(days, payment.date, payment.amountPaise);
  }
  const refundsByDay = new Map(
    (refundDays ?? [])
      .filter((day) => day.refunds > 0)
      .map((day) => [day.date, { count: day.refunds, totalPaise: day.refundedPaise }]),
  );
  const dates = [...new Set([...days.keys(), ...refundsByDay.keys()])].sort();
  return {
    query,
    payments,
    total: {
      count: payments.length,
      totalPaise: payments.reduce((sum, payment) => sum + payment.amountPaise, 0),
    },
    refunded: refundDays && {
      count: [...refundsByDay.values()].reduce((sum, day) => sum + day.count, 0),
      totalPaise: [...refundsByDay.values()].reduce((sum, day) => sum + day.totalPaise, 0),
    },
    byMode: [...modes]
      .map(([mode, total]) => ({
        mode,
        label: mode === UNKNOWN_MODE ? 'Not recorded' : (paymentModeLabel(mode) ?? mode),
        ...total,
      }))
      .sort((a, b) => b.totalPaise - a.totalPaise || a.mode.localeCompare(b.mode)),
    byDay: dates.map((date) => ({
      date,
      ...(days.get(date) ?? { count: 0, totalPaise: 0 }),
      refunded: refundDays && (refundsByDay.get(date) ?? { count: 0, totalPaise: 0 }),
    })),
  };
}

/** Taxable value, CGST, SGST and their total, in paise, over a number of documents. */
export interface TaxTotals {
  count: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

/** Invoices, credit notes, and the net the period reports (invoices less credit notes). */
export interface SupplyTotals {
  invoices: TaxTotals;
  creditNotes: TaxTotals;
  net: TaxTotals;
}

interface GstSummaryRow extends SupplyTotals {
  rateBasisPoints: number;
  sac: string;
  /** The state code of the place of supply ('09'). */
  placeOfSupplyCode: string;
}

/**
 * A tax invoice or credit note of the period, as GSTR-1 files it: to a registered recipient (a
 * GSTIN on the invoice) it is B2B (sheets b2b and cdnr), else B2C (b2cs).
 */
export interface GstDocument {
  kind: 'invoice' | 'credit_note';
  /** RCPT-000001 or CN/2026-27/0001. */
  number: string;
  /** The business date it was issued on. */
  date: string;
  /** The registered recipient's GSTIN, as on the invoice; null: an unregistered customer. */
  buyerGstin: string | null;
  buyerName: string;
  placeOfSupplyCode: string;
  rateBasisPoints: number;
  sac: string;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface GstSummary {
  from: string;
  to: string;
  rows: GstSummaryRow[];
  net: TaxTotals;
  /** To registered recipients (GSTR-1 tables 4A and 9B). */
  b2b: SupplyTotals;
  /** To unregistered customers (table 7). */
  b2c: SupplyTotals;
  /** Invoices in date order, then credit notes in date order. */
  documents: GstDocument[];
}

const emptyTotals = (): TaxTotals => ({
  count: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  totalPaise: 0,
});

export const emptySupplyTotals = (): SupplyTotals => ({
  invoices: emptyTotals(),
  creditNotes: emptyTotals(),
  net: emptyTotals(),
});

/** Whether a document goes to GSTR-1's B2B tables: its recipient gave a GSTIN. */
export const isB2b = (document: GstDocument) => document.buyerGstin !== null;

/**
 * Adds a document to its totals. A credit note takes its values off the net; the net's count
 * stays the number of invoices.
 */
export function addDocument(totals: SupplyTotals, document: GstDocument): void {
  const add = (into: TaxTotals, sign: 1 | -1) => {
    into.taxablePaise += sign * document.taxablePaise;
    into.cgstPaise += sign * document.cgstPaise;
    into.sgstPaise += sign * document.sgstPaise;
    into.totalPaise += sign * document.amountPaise;
  };
  if (document.kind === 'invoice') {
    totals.invoices.count += 1;
    add(totals.invoices, 1);
    totals.net.count += 1;
    add(totals.net, 1);
  } else {
    totals.creditNotes.count += 1;
    add(totals.creditNotes, 1);
    add(totals.net, -1);
  }
}

/** 'Uttar Pradesh (09)' → '09'. */
const stateCodeOf = (placeOfSupply: string) => /\((\d{2})\)\s*$/.exec(placeOfSupply)?.[1] ?? '';

/** The name a document was issued to: kept on it after an erasure, else the account's. */
const issuedName = (
  kept: string | null,
  user: { first_name: string; last_name: string; username: string },
) => kept ?? (fullName(user) || user.username);

/**
 * Every tax invoice (SUCCESS payment with invoice columns) dated in the period and every credit
 * note issued in it, per rate, SAC and place of supply, and per B2B and B2C.
 */
export async function gstSummary(
  db: Kysely<Database>,
  timeZone: string,
  from: string,
  to: string,
): Promise<GstSummary> {
  const invoices = await db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.receipt_number',
      'payments.created_at',
      'payments.invoice_buyer_gstin',
      'payments.invoice_buyer_name',
      'payments.gst_rate_basis_points',
      'payments.invoice_sac',
      'payments.invoice_place_of_supply',
      ...PAID_TAX_AND_CUSTOMER_COLUMNS,
    ])
    .where('payments.status', '=', 'SUCCESS')
    .where('payments.invoice_gstin', 'is not', null)
    .where('payments.created_at', '>=', businessDayStart(from, timeZone))
    .where('payments.created_at', '<', businessDayStart(addDays(to, 1), timeZone))
    .orderBy('payments.created_at', 'asc')
    .orderBy('payments.id', 'asc')
    .execute();
  const notes = await db
    .selectFrom('credit_notes')
    .innerJoin('payments', 'payments.id', 'credit_notes.payment_id')
    .innerJoin('users', 'users.id', 'credit_notes.user_id')
    .select([
      'credit_notes.number',
      'credit_notes.issued_on',
      'credit_notes.buyer_name',
      'payments.invoice_buyer_gstin',
      'credit_notes.gst_rate_basis_points',
      'credit_notes.sac',
      'credit_notes.place_of_supply',
      'credit_notes.amount_paise',
      'credit_notes.taxable_paise',
      'credit_notes.cgst_paise',
      'credit_notes.sgst_paise',
      'users.first_name',
      'users.last_name',
      'users.username',
    ])
    .where('credit_notes.issued_on', '>=', from)
    .where('credit_notes.issued_on', '<=', to)
    .orderBy('credit_notes.issued_on', 'asc')
    .orderBy('credit_notes.id', 'asc')
    .execute();
  const documents: GstDocument[] = [
    ...invoices.map((invoice): GstDocument => ({
      kind: 'invoice',
      number: formatReceiptNumber(invoice.receipt_number) ?? '',
      date: dateInZone(new Date(invoice.created_at), timeZone),
      buyerGstin: invoice.invoice_buyer_gstin,
      buyerName: issuedName(invoice.invoice_buyer_name, invoice),
      placeOfSupplyCode: stateCodeOf(invoice.invoice_place_of_supply ?? ''),
      rateBasisPoints: Number(invoice.gst_rate_basis_points),
      sac: invoice.invoice_sac ?? '',
      amountPaise: Number(invoice.amount_paise),
      taxablePaise: Number(invoice.taxable_paise),
      cgstPaise: Number(invoice.cgst_paise),
      sgstPaise: Number(invoice.sgst_paise),
    })),
    ...notes.map((note): GstDocument => ({
      kind: 'credit_note',
      number: note.number,
      date: note.issued_on,
      buyerGstin: note.invoice_buyer_gstin,
      buyerName: issuedName(note.buyer_name, note),
      placeOfSupplyCode: stateCodeOf(note.place_of_supply),
      rateBasisPoints: Number(note.gst_rate_basis_points),
      sac: note.sac,
      amountPaise: Number(note.amount_paise),
      taxablePaise: Number(note.taxable_paise),
      cgstPaise: Number(note.cgst_paise),
      sgstPaise: Number(note.sgst_paise),
    })),
  ];
  const rows = new Map<string, GstSummaryRow>();
  const b2b = emptySupplyTotals();
  const b2c = emptySupplyTotals();
  const all = emptySupplyTotals();
  for (const document of documents) {
    const key = `${document.rateBasisPoints}|${document.sac}|${document.placeOfSupplyCode}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        rateBasisPoints: document.rateBasisPoints,
        sac: document.sac,
        placeOfSupplyCode: document.placeOfSupplyCode,
        ...emptySupplyTotals(),
      };
      rows.set(key, row);
    }
    addDocument(row, document);
    addDocument(isB2b(document) ? b2b : b2c, document);
    addDocument(all, document);
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.rateBasisPoints - b.rateBasisPoints || a.sac.localeCompare(b.sac),
  );
  return { from, to, rows: sorted, net: all.net, b2b, b2c, documents };
}
