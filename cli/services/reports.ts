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

/**
 * Writes the report's CSV to `file` ('-': only answers it, for stdout): its bytes as sent, read as
 * bytes, since decoding it as text would drop the byte-order mark Excel needs.
 */
export async function paymentsReportCsv(
  api: Api,
  query: PaymentsReportQuery,
  file: string,
): Promise<Uint8Array> {
  const answer = (await unwrap(
    api,
    api.client.GET('/owner/reports/payments/', {
      params: { query: { ...query, format: 'csv' } },
      parseAs: 'arrayBuffer',
    }),
    'The payments report',
  )) as unknown as ArrayBuffer;
  const csv = new Uint8Array(answer);
  if (file !== '-') writeFileSync(file, csv);
  return csv;
}
