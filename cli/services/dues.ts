// Who owes what, from the terminal: the owner's dues list (or its CSV), the Dues summary by age,
// and one customer's statement. The server keeps the ledger; this only asks and prints.
import { writeFileSync } from 'node:fs';
import type { components } from '@generated/api';
import type { Api } from './api';
import { unwrap } from './api';

export type DuesRow = components['schemas']['DuesRow'];
export type DuesSummary = components['schemas']['DuesSummary'];
export type Statement = components['schemas']['Statement'];
export type DuesQuery = {
  status?: 'owing' | 'due' | 'overdue' | 'in_credit';
  age?: '0_15' | '16_30' | 'over_30';
  /** Only the customers the dues hold (owner settings) holds now. */
  held?: boolean;
  search?: string;
};

/** Why a customer is held, for the HELD column: "over ₹1,500", "overdue 16 days"; '' if not. */
export function heldText(hold: DuesRow['hold'], rupees: (amount: number) => string): string {
  if (!hold) return '';
  return hold.reason === 'over_amount'
    ? `over ${rupees(hold.max_amount ?? 0)}`
    : `overdue ${hold.days_due} days`;
}

/** The JSON answer (without `format`, the operation always answers JSON). */
export const listDues = async (api: Api, query: DuesQuery): Promise<DuesRow[]> =>
  (await unwrap(
    api,
    api.client.GET('/owner/dues/', { params: { query: { ...query, limit: 500 } } }),
    'The dues',
  )) as DuesRow[];

export const duesSummary = (api: Api): Promise<DuesSummary> =>
  unwrap(api, api.client.GET('/owner/dues/summary/'), 'The dues summary');

export const customerStatement = (api: Api, id: number): Promise<Statement> =>
  unwrap(
    api,
    api.client.GET('/owner/dues/{id}/', { params: { path: { id } } }),
    `The statement of customer ${id}`,
  );

/** Every matching row as the CSV for Excel (byte for byte: its byte-order mark survives). */
export async function duesCsv(api: Api, query: DuesQuery, file: string): Promise<Uint8Array> {
  const answer = (await unwrap(
    api,
    api.client.GET('/owner/dues/', {
      params: { query: { ...query, format: 'csv' } },
      parseAs: 'arrayBuffer',
    }),
    'The dues',
  )) as unknown as ArrayBuffer;
  const csv = new Uint8Array(answer);
  if (file !== '-') writeFileSync(file, csv);
  return csv;
}
