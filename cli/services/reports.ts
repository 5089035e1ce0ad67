// The owner's month-end reports from the terminal: the payments report as JSON for printing, or
// its CSV file (the same bytes the web app downloads). The server adds everything up.
import { writeFileSync } from 'node:fs';
import type { components } from '@generated/api';
import type { Api } from './api';
import { unwrap } from './api';

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

/** Writes the report's CSV to `file` ('-': the answer's text for stdout); its bytes, as sent. */
export async function paymentsReportCsv(
  api: Api,
  query: PaymentsReportQuery,
  file: string,
): Promise<string> {
  const csv = (await unwrap(
    api,
    api.client.GET('/owner/reports/payments/', {
      params: { query: { ...query, format: 'csv' } },
      parseAs: 'text',
    }),
    'The payments report',
  )) as string;
  if (file !== '-') writeFileSync(file, csv);
  return csv;
}
