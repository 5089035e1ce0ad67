// The owner's month-end reports over HTTP: payments (JSON or a CSV for Excel) and, with
// BUSINESS_GSTIN, the GST summary and its GSTR-1 files (b2b, cdnr, b2cs, and the HSN/SAC summary
// split into B2B and B2C).
import { addDays } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import { fieldError, notFound } from '@server/errors.js';
import { requireOwner, type Handlers, requireBusiness } from '@server/http.js';
import {
  GSTR1_FORMATS,
  gstr1Csv,
  paymentsCsv,
  placeOfSupplyCell,
  type Gstr1Format,
} from './reports.csv.js';
import {
  gstSummary,
  paymentsReport,
  type SupplyTotals,
  type TaxTotals,
  type Total,
} from './reports.query.js';

/** A report covers at most a year (a leap year's 366 days). */
const MAX_REPORT_DAYS = 366;

function checkPeriod(from: string, to: string) {
  if (to < from) throw fieldError('to', 'To must be on or after From.', 'invalid_date_range');
  if (addDays(from, MAX_REPORT_DAYS - 1) < to) {
    throw fieldError(
      'to',
      `A report covers at most ${MAX_REPORT_DAYS} days.`,
      'invalid_date_range',
    );
  }
}

const inr = (paise: number) => paise / 100;
const totalBody = (total: Total) => ({
  count: total.count,
  total_paise: total.totalPaise,
  total_inr: inr(total.totalPaise),
});
/** What came in less what was paid back; null when the report nets no refunds. */
const netBody = (received: Total, refunded: Total | null) =>
  refunded && {
    total_paise: received.totalPaise - refunded.totalPaise,
    total_inr: inr(received.totalPaise - refunded.totalPaise),
  };
const taxBody = (totals: TaxTotals) => ({
  count: totals.count,
  taxable_paise: totals.taxablePaise,
  cgst_paise: totals.cgstPaise,
  sgst_paise: totals.sgstPaise,
  total_paise: totals.totalPaise,
});
const supplyBody = (totals: SupplyTotals) => ({
  invoices: taxBody(totals.invoices),
  credit_notes: taxBody(totals.creditNotes),
  net: taxBody(totals.net),
});
const isGstr1Format = (format: string | undefined): format is Gstr1Format =>
  (GSTR1_FORMATS as readonly string[]).includes(format ?? '');

export function reportHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const tz = ctx.config.businessTz;

  return {
    async ownerPaymentsReport(request, reply) {
      requireBusiness(request);
      const { from, to, status = 'SUCCESS', mode, format } = request.query;
      checkPeriod(from, to);
      const report = await paymentsReport(db, tz, { from, to, status, mode: mode ?? null });
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="payments_${from}_${to}.csv"`)
          .send(paymentsCsv(report));
      }
      return {
        from,
        to,
        status,
        mode: mode ?? null,
        total: totalBody(report.total),
        refunded: report.refunded && totalBody(report.refunded),
        net: netBody(report.total, report.refunded),
        by_mode: report.byMode.map((entry) => ({
          mode: entry.mode,
          label: entry.label,
          ...totalBody(entry),
        })),
        by_day: report.byDay.map((entry) => ({
          date: entry.date,
          ...totalBody(entry),
          refunded: entry.refunded && totalBody(entry.refunded),
          net: netBody(entry, entry.refunded),
        })),
        payments: report.payments.map((payment) => ({
          id: payment.id,
          date: payment.date,
          receipt_number: payment.receiptNumber,
          customer_name: payment.customerName,
          username: payment.username,
          phone: payment.phone,
          plan_name: payment.planName,
          mode: payment.mode,
          gateway: payment.gateway,
          reference: payment.reference,
          status: payment.status,
          amount_paise: payment.amountPaise,
          amount_inr: inr(payment.amountPaise),
          taxable_paise: payment.taxablePaise,
          cgst_paise: payment.cgstPaise,
          sgst_paise: payment.sgstPaise,
        })),
      };
    },

    async ownerGstReport(request, reply) {
      requireOwner(request);
      const gst = ctx.config.gst;
      if (!gst) {
        throw notFound('GST reports need the business GSTIN: BUSINESS_GSTIN is not set.');
      }
      const { from, to, format } = request.query;
      checkPeriod(from, to);
      const summary = await gstSummary(db, tz, from, to);
      if (isGstr1Format(format)) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${format}_${from}_${to}.csv"`)
          .send(gstr1Csv(summary, format));
      }
      return {
        gstin: gst.gstin,
        from,
        to,
        rows: summary.rows.map((row) => ({
          rate_percent: row.rateBasisPoints / 100,
          sac: row.sac,
          place_of_supply: placeOfSupplyCell(row.placeOfSupplyCode),
          ...supplyBody(row),
        })),
        net: taxBody(summary.net),
        b2b: supplyBody(summary.b2b),
        b2c: supplyBody(summary.b2c),
      };
    },
  } satisfies Partial<Handlers>;
}
