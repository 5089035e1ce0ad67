// The owner's month-end reports: the payments report and the GST summary as reads, and their CSV
// files as downloads.
import type { components } from '@generated/api';
import { apiFetch } from './call';
import { useApiQuery } from './query';
import { OWNER_READ, useApiScope } from './scope';

export type PaymentsReport = components['schemas']['PaymentsReport'];
export type GstSummary = components['schemas']['GstSummary'];
export type ReportStatus = PaymentsReport['status'];

export interface PaymentsReportQuery {
  from: string;
  to: string;
  status: ReportStatus;
  /** '' for every mode. */
  mode: string;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Without format=csv the answer is the JSON report (the contract also lists text/csv). */
const asReport = (answer: PaymentsReport | string) => answer as PaymentsReport;
const asSummary = (answer: GstSummary | string) => answer as GstSummary;

const reportQuery = ({ from, to, status, mode }: PaymentsReportQuery) => ({
  from,
  to,
  status,
  ...(mode ? { mode } : {}),
});

export const usePaymentsReport = (query: PaymentsReportQuery) =>
  useApiQuery(
    '/owner/reports/payments/',
    { params: { query: reportQuery(query) } },
    {
      ...OWNER_READ,
      enabled: isDate(query.from) && isDate(query.to) && query.from <= query.to,
      select: asReport,
    },
  );

/** Null when the business has no GSTIN (the server answers 404). */
/** `allowed`: false for a role the GST report is not for (a manager), which then asks nothing. */
export const useGstSummary = (from: string, to: string, allowed = true) =>
  useApiQuery(
    '/owner/reports/gst/',
    { params: { query: { from, to } } },
    {
      ...OWNER_READ,
      enabled: allowed && isDate(from) && isDate(to) && from <= to,
      notFound: null,
      select: (answer: GstSummary | string | null) => (answer === null ? null : asSummary(answer)),
    },
  );

/** The GSTR-1 files of the GST report, each one of the GST offline tool's sheets. */
export const GSTR1_FILES = ['b2b', 'cdnr', 'b2cs', 'hsn_b2b', 'hsn_b2c'] as const;
export type Gstr1File = (typeof GSTR1_FILES)[number];

export function useReportDownloads() {
  const { api } = useApiScope();
  return {
    payments: (query: PaymentsReportQuery): Promise<Blob> =>
      apiFetch(api, 'get', '/owner/reports/payments/', {
        params: { query: { ...reportQuery(query), format: 'csv' } },
        parseAs: 'blob',
      }),
    gst: (from: string, to: string, format: Gstr1File): Promise<Blob> =>
      apiFetch(api, 'get', '/owner/reports/gst/', {
        params: { query: { from, to, format } },
        parseAs: 'blob',
      }),
  };
}
