// The owner's month-end reports: payments over a date range (totals per mode and per day) and, with
// BUSINESS_GSTIN, the GST summary per rate and SAC, invoices less the period's credit notes. Sums
// are exact integers in paise, added in code from the same rows the report lists, so a report's
// totals are the sum of its receipts.
import type { Kysely } from 'kysely';
import { addDays } from '@machines/shared';
import { paymentModeLabel } from '@machines/payment';
import type { Database, PaymentStatus } from '@server/platform/db/schema.js';
import { formatReceiptNumber } from '@server/lifecycles/payment/receipts.js';
import { businessDayStart, dateInZone } from '@server/platform/time.js';
import { moneyByDay } from '@server/owner/home/home.query.js';

/** payment_mode of a payment that has none recorded (an old online payment). */
export const UNKNOWN_MODE = 'unknown';
/** The `mode` filter that matches every payment made through the provider, whatever its method. */
export const ONLINE_MODE = 'online';
const OFFLINE_GATEWAY = 'offline';

export interface PaymentsReportQuery {
  from: string;
  to: string;
  status: PaymentStatus;
  mode: string | null;
}

export interface ReportPayment {
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
  let select = db
    .selectFrom('payments')
    .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.id',
      'payments.created_at',
      'payments.receipt_number',
      'payments.payment_mode',
      'payments.payment_gateway',
      'payments.utr',
      'payments.status',
      'payments.amount_paise',
      'payments.taxable_paise',
      'payments.cgst_paise',
      'payments.sgst_paise',
      'users.first_name',
      'users.last_name',
      'users.username',
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

export interface GstSummaryRow {
  rateBasisPoints: number;
  sac: string;
  /** The state code of the place of supply ('09'). */
  placeOfSupplyCode: string;
  invoices: TaxTotals;
  creditNotes: TaxTotals;
  /** Invoices less credit notes: what the period reports. */
  net: TaxTotals;
}

export interface GstSummary {
  from: string;
  to: string;
  rows: GstSummaryRow[];
  net: TaxTotals;
}

const emptyTotals = (): TaxTotals => ({
  count: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  totalPaise: 0,
});

/** 'Uttar Pradesh (09)' → '09'. */
const stateCodeOf = (placeOfSupply: string) => /\((\d{2})\)\s*$/.exec(placeOfSupply)?.[1] ?? '';

/**
 * Every tax invoice (SUCCESS payment with invoice columns) dated in the period and every credit
 * note issued in it, per rate, SAC and place of supply.
 */
export async function gstSummary(
  db: Kysely<Database>,
  timeZone: string,
  from: string,
  to: string,
): Promise<GstSummary> {
  const invoices = await db
    .selectFrom('payments')
    .select([
      'gst_rate_basis_points',
      'invoice_sac',
      'invoice_place_of_supply',
      'amount_paise',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
    ])
    .where('status', '=', 'SUCCESS')
    .where('invoice_gstin', 'is not', null)
    .where('created_at', '>=', businessDayStart(from, timeZone))
    .where('created_at', '<', businessDayStart(addDays(to, 1), timeZone))
    .execute();
  const notes = await db
    .selectFrom('credit_notes')
    .select([
      'gst_rate_basis_points',
      'sac',
      'place_of_supply',
      'amount_paise',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
    ])
    .where('issued_on', '>=', from)
    .where('issued_on', '<=', to)
    .execute();
  const rows = new Map<string, GstSummaryRow>();
  const rowFor = (rate: number, sac: string, placeOfSupply: string) => {
    const placeOfSupplyCode = stateCodeOf(placeOfSupply);
    const key = `${rate}|${sac}|${placeOfSupplyCode}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        rateBasisPoints: rate,
        sac,
        placeOfSupplyCode,
        invoices: emptyTotals(),
        creditNotes: emptyTotals(),
        net: emptyTotals(),
      };
      rows.set(key, row);
    }
    return row;
  };
  const add = (
    totals: TaxTotals,
    amounts: { amount: number; taxable: number; cgst: number; sgst: number },
    sign: 1 | -1,
  ) => {
    totals.count += sign;
    totals.taxablePaise += sign * amounts.taxable;
    totals.cgstPaise += sign * amounts.cgst;
    totals.sgstPaise += sign * amounts.sgst;
    totals.totalPaise += sign * amounts.amount;
  };
  for (const invoice of invoices) {
    const row = rowFor(
      Number(invoice.gst_rate_basis_points),
      invoice.invoice_sac ?? '',
      invoice.invoice_place_of_supply ?? '',
    );
    const amounts = {
      amount: Number(invoice.amount_paise),
      taxable: Number(invoice.taxable_paise),
      cgst: Number(invoice.cgst_paise),
      sgst: Number(invoice.sgst_paise),
    };
    add(row.invoices, amounts, 1);
    add(row.net, amounts, 1);
  }
  for (const note of notes) {
    const row = rowFor(Number(note.gst_rate_basis_points), note.sac, note.place_of_supply);
    const amounts = {
      amount: Number(note.amount_paise),
      taxable: Number(note.taxable_paise),
      cgst: Number(note.cgst_paise),
      sgst: Number(note.sgst_paise),
    };
    add(row.creditNotes, amounts, 1);
    // A credit note takes its values off the period; the number of invoices stays.
    add(row.net, { ...amounts }, -1);
    row.net.count += 1;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.rateBasisPoints - b.rateBasisPoints || a.sac.localeCompare(b.sac),
  );
  const net = emptyTotals();
  for (const row of sorted) {
    net.count += row.net.count;
    net.taxablePaise += row.net.taxablePaise;
    net.cgstPaise += row.net.cgstPaise;
    net.sgstPaise += row.net.sgstPaise;
    net.totalPaise += row.net.totalPaise;
  }
  return { from, to, rows: sorted, net };
}
