// The owner's month-end reports: the payments of a date range with their totals per mode and per
// day (what the receipts add up to) and a CSV for Excel; with a GSTIN, the GST summary per rate and
// SAC, net of credit notes, and the GSTR-1 files (B2B, CDNR, B2CS, HSN/SAC for B2B and for B2C).
import { useState } from 'react';
import {
  GSTR1_FILES,
  useGstSummary,
  usePaymentsReport,
  useReportDownloads,
  type GstSummary,
  type Gstr1File,
  type PaymentsReport,
  type PaymentsReportQuery,
  type ReportStatus,
} from '@web/api/reports';
import { errorMessage, failureToast } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card, EmptyState, StatCard } from '@web/components/Card';
import { CreditNotes } from '@web/features/dues';
import { DateField } from '@web/components/DateField';
import { SelectField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { Table } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatDate, todayIso } from '@web/lib/format';
import { saveFile } from '@web/lib/download';
import { useMayCall } from '@web/session/SessionProvider';
import { lifecycleLabel, personName } from '@web/i18n/labels';
import { paymentModeLabel } from '@machines/payment';
import { formatRupees } from '@machines/shared';
import { muted, row, sectionTitle, stack, statGrid } from '@web/styles/utils.css';
import * as styles from './ReportsPage.css';

const MODES = ['cash', 'upi', 'bank_transfer', 'online'] as const;
const STATUSES: readonly ReportStatus[] = ['SUCCESS', 'PENDING', 'INITIATED', 'FAILED'];

/** The payment modes' names (this page's own messages: each page loads only its namespace). */
const MODE_MESSAGES: Readonly<Record<string, MessageId>> = {
  cash: 'reports.mode.cash',
  upi: 'reports.mode.upi',
  bank_transfer: 'reports.mode.bank_transfer',
  card: 'reports.mode.card',
  netbanking: 'reports.mode.netbanking',
  wallet: 'reports.mode.wallet',
  paylater: 'reports.mode.paylater',
  sandbox: 'reports.mode.sandbox',
  online: 'reports.mode.online',
  unknown: 'reports.mode.unknown',
};

function useModeName() {
  const t = useT();
  return (mode: string) => {
    const id = Object.hasOwn(MODE_MESSAGES, mode) ? MODE_MESSAGES[mode] : undefined;
    return id ? t(id) : (paymentModeLabel(mode) ?? mode);
  };
}

const rupees = (paise: number) => formatRupees(paise / 100);
/** ₹1,428.58: tax lines keep their paise. */
const exact = (paise: number) =>
  `${paise < 0 ? '−' : ''}₹${(Math.abs(paise) / 100).toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

function useDownload() {
  const t = useT();
  const notify = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  return {
    busy,
    run: async (key: string, fileName: string, fetchFile: () => Promise<Blob>) => {
      setBusy(key);
      try {
        saveFile(await fetchFile(), fileName);
        notify({ tone: 'success', title: t('reports.toast.downloaded'), message: fileName });
      } catch (error) {
        notify(
          failureToast(
            error,
            t('reports.toast.downloadFailed'),
            t('reports.toast.downloadFailedMessage'),
          ),
        );
      } finally {
        setBusy(null);
      }
    },
  };
}

type ReportDay = PaymentsReport['by_day'][number];

/** A money cell of the totals tables. */
const amountCell = (paise: number | undefined, testId?: string) => (
  <span className={styles.amount} data-testid={testId}>
    {paise === undefined ? '—' : rupees(paise)}
  </span>
);

function PaymentsTotals({ report }: { report: PaymentsReport }) {
  const t = useT();
  const modeName = useModeName();
  // Refunds are netted, as on the home, in the report of every successful payment (the server
  // answers null for one mode or another status: a refund has neither).
  const { refunded, net } = report;
  const received = report.status === 'SUCCESS';
  const dayColumns = [
    {
      key: 'date',
      header: t('reports.column.date'),
      cell: (entry: ReportDay) => formatDate(entry.date),
    },
    {
      key: 'count',
      header: t('reports.column.count'),
      cell: (entry: ReportDay) => entry.count,
    },
    {
      key: 'amount',
      header: received ? t('reports.column.received') : t('reports.column.amount'),
      cell: (entry: ReportDay) => amountCell(entry.total_paise, 'report-day-received'),
    },
    ...(refunded && net
      ? [
          {
            key: 'refunded',
            header: t('reports.column.refunded'),
            cell: (entry: ReportDay) =>
              amountCell(entry.refunded?.total_paise, 'report-day-refunded'),
          },
          {
            key: 'net',
            header: t('reports.column.net'),
            cell: (entry: ReportDay) => amountCell(entry.net?.total_paise, 'report-day-net'),
          },
        ]
      : []),
  ];
  return (
    <div className={stack}>
      <div className={statGrid}>
        <StatCard
          label={received ? t('reports.total') : t('reports.totalOfStatus')}
          value={<span data-testid="report-total">{rupees(report.total.total_paise)}</span>}
        />
        {refunded && net ? (
          <>
            <StatCard
              label={t('reports.refunded')}
              value={<span data-testid="report-refunded">{rupees(refunded.total_paise)}</span>}
            />
            <StatCard
              label={t('reports.net')}
              value={<span data-testid="report-net">{rupees(net.total_paise)}</span>}
            />
          </>
        ) : null}
        <StatCard
          label={t('reports.count')}
          value={<span data-testid="report-count">{report.total.count}</span>}
        />
      </div>
      {received && !refunded ? <p className={muted}>{t('reports.refundsNotNetted')}</p> : null}
      <div className={styles.totals}>
        <Table
          caption={t('reports.byMode')}
          rows={report.by_mode}
          rowKey={(entry) => entry.mode}
          columns={[
            {
              key: 'mode',
              header: t('reports.column.mode'),
              cell: (entry) => modeName(entry.mode),
            },
            { key: 'count', header: t('reports.column.count'), cell: (entry) => entry.count },
            {
              key: 'amount',
              header: t('reports.column.amount'),
              cell: (entry) => <span className={styles.amount}>{rupees(entry.total_paise)}</span>,
            },
          ]}
        />
        <Table
          caption={t('reports.byDay')}
          rows={report.by_day}
          rowKey={(entry) => entry.date}
          columns={dayColumns}
        />
      </div>
      <Table
        caption={t('reports.payments')}
        rows={report.payments}
        rowKey={(payment) => payment.id}
        columns={[
          { key: 'date', header: t('reports.column.date'), cell: (p) => formatDate(p.date) },
          {
            key: 'receipt',
            header: t('reports.column.receipt'),
            cell: (p) => p.receipt_number ?? '—',
          },
          {
            key: 'customer',
            header: t('reports.column.customer'),
            cell: (p) => personName(p.customer_name),
          },
          { key: 'mode', header: t('reports.column.mode'), cell: (p) => modeName(p.mode) },
          {
            key: 'amount',
            header: t('reports.column.amount'),
            cell: (p) => (
              <span className={styles.amount} data-testid="report-payment-amount">
                {rupees(p.amount_paise)}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

/** The button of each GSTR-1 file. */
const GSTR1_LABELS: Record<Gstr1File, MessageId> = {
  b2b: 'reports.gst.download.b2b',
  cdnr: 'reports.gst.download.cdnr',
  b2cs: 'reports.gst.download.b2cs',
  hsn_b2b: 'reports.gst.download.hsn_b2b',
  hsn_b2c: 'reports.gst.download.hsn_b2c',
};

function GstCard({ summary, from, to }: { summary: GstSummary; from: string; to: string }) {
  const t = useT();
  const downloads = useReportDownloads();
  const download = useDownload();
  return (
    <Card aria-labelledby="gst-title">
      <div className={stack}>
        <h2 id="gst-title" className={sectionTitle}>
          {t('reports.gst.title')}
        </h2>
        <p className={muted}>{t('reports.gst.intro', { gstin: summary.gstin })}</p>
        {summary.rows.length === 0 ? (
          <EmptyState title={t('reports.gst.none')} />
        ) : (
          <Table
            caption={t('reports.gst.caption')}
            rows={summary.rows}
            rowKey={(entry) => `${entry.rate_percent}-${entry.sac}-${entry.place_of_supply}`}
            columns={[
              { key: 'rate', header: t('reports.gst.rate'), cell: (e) => `${e.rate_percent}%` },
              { key: 'sac', header: t('reports.gst.sac'), cell: (e) => e.sac },
              {
                key: 'count',
                header: t('reports.gst.documents'),
                cell: (e) =>
                  t('reports.gst.documentsValue', {
                    invoices: e.invoices.count,
                    notes: e.credit_notes.count,
                  }),
              },
              {
                key: 'taxable',
                header: t('reports.gst.taxable'),
                cell: (e) => exact(e.net.taxable_paise),
              },
              { key: 'cgst', header: t('reports.gst.cgst'), cell: (e) => exact(e.net.cgst_paise) },
              { key: 'sgst', header: t('reports.gst.sgst'), cell: (e) => exact(e.net.sgst_paise) },
              {
                key: 'total',
                header: t('reports.gst.total'),
                cell: (e) => exact(e.net.total_paise),
              },
            ]}
          />
        )}
        <p className={muted}>
          {t('reports.gst.split', {
            b2b: exact(summary.b2b.net.taxable_paise),
            b2c: exact(summary.b2c.net.taxable_paise),
          })}
        </p>
        <p className={muted}>{t('reports.gst.creditNotes')}</p>
        <div className={row}>
          {GSTR1_FILES.map((format) => (
            <Button
              key={format}
              tone="secondary"
              busy={download.busy === format}
              onClick={() =>
                void download.run(format, `${format}_${from}_${to}.csv`, () =>
                  downloads.gst(from, to, format),
                )
              }
            >
              {t(GSTR1_LABELS[format])}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

export function ReportsPage() {
  const t = useT();
  const modeName = useModeName();
  const today = todayIso();
  const [query, setQuery] = useState<PaymentsReportQuery>(() => ({
    from: `${today.slice(0, 8)}01`,
    to: today,
    status: 'SUCCESS',
    mode: '',
  }));
  const set = (change: Partial<PaymentsReportQuery>) => setQuery((old) => ({ ...old, ...change }));
  const backwards = query.to < query.from;
  const report = usePaymentsReport(query);
  // The GST report is the owner's (a manager sees the payments report only).
  const gst = useGstSummary(query.from, query.to, useMayCall()('ownerGstReport'));
  const downloads = useReportDownloads();
  const download = useDownload();
  useErrorToast(report.isError, t('reports.toast.loadFailed'), t('reports.loadFailed'));

  return (
    <div className={stack}>
      <PageHeader as="div" title={t('reports.title')} intro={t('reports.intro')} />
      <Card aria-labelledby="payments-report-title">
        <div className={stack}>
          <h2 id="payments-report-title" className={sectionTitle}>
            {t('reports.payments.title')}
          </h2>
          <div className={styles.filters}>
            <DateField
              label={t('reports.from')}
              value={query.from}
              onChange={(event) => set({ from: event.target.value })}
            />
            <DateField
              label={t('reports.to')}
              value={query.to}
              onChange={(event) => set({ to: event.target.value })}
              error={backwards ? t('reports.backwards') : undefined}
            />
            <SelectField
              label={t('reports.mode')}
              value={query.mode}
              onChange={(event) => set({ mode: event.target.value })}
              options={[
                { value: '', label: t('reports.mode.all') },
                ...MODES.map((mode) => ({
                  value: mode,
                  label: modeName(mode),
                })),
              ]}
            />
            <SelectField
              label={t('reports.status')}
              value={query.status}
              onChange={(event) => set({ status: event.target.value as ReportStatus })}
              options={STATUSES.map((status) => ({
                value: status,
                label: lifecycleLabel('payment', status),
              }))}
            />
          </div>
          <div className={row}>
            <Button
              busy={download.busy === 'payments'}
              disabled={!report.data}
              onClick={() =>
                void download.run('payments', `payments_${query.from}_${query.to}.csv`, () =>
                  downloads.payments(query),
                )
              }
            >
              {t('reports.downloadCsv')}
            </Button>
          </div>
          {backwards ? null : report.isPending ? (
            <PageSpinner label={t('reports.loading')} />
          ) : report.isError ? (
            <p role="alert">{errorMessage(report.error, t('reports.loadFailed'))}</p>
          ) : report.data.by_day.length === 0 ? (
            // No payment and no refund paid back in the period.
            <EmptyState title={t('reports.none')} />
          ) : (
            <PaymentsTotals report={report.data} />
          )}
        </div>
      </Card>
      {gst.data ? (
        <GstCard summary={gst.data} from={query.from} to={query.to} />
      ) : gst.data === null ? (
        <Card>
          <p className={muted}>{t('reports.gst.notConfigured')}</p>
        </Card>
      ) : null}
      <CreditNotes reader="business" />
    </div>
  );
}
