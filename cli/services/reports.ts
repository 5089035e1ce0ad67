// The owner's month-end reports from the terminal: the payments report as JSON for printing, or
// its CSV file (the same bytes the web app downloads). The server adds everything up.
import type { components } from '@generated/api';
import type { Api } from './api';
import { asCsv, csvFile, unwrap } from './api';

export type PaymentsReport = components['schemas']['PaymentsReport'];

export interface PaymentsReportQuery {
  from: string;
  to: string;
  mode?: string;
  status?: PaymentsReport['status'];
}

export const paymentsReport = async (api: Api, query: PaymentsReportQuery) =>
  (await unwrap(
    api,
    api.client.GET('/owner/reports/payments/', { params: { query } }),
    'The payments report',
  )) as PaymentsReport;

/** Writes the report's CSV to `file` ('-': only answers it, for stdout). */
export const paymentsReportCsv = (api: Api, query: PaymentsReportQuery, file: string) =>
  csvFile(
    api,
    api.client.GET('/owner/reports/payments/', asCsv(query)),
    'The payments report',
    file,
  );
