// Who owes what, from the terminal: the owner's dues list (or its CSV), the Dues summary by age,
// one customer's statement, and paying back an advance. The server keeps the ledger; this asks,
// checks the rules first, and prints.
import { randomUUID } from 'node:crypto';
import type { components } from '@generated/api';
import { advanceRefundProblems, type AdvanceRefundField } from '@machines/dues';
import type { OfflinePaymentMode } from '@machines/payment';
import { paiseFromRupees } from '@machines/shared';
import { refuseFlagProblems, refusedError } from '../errors';
import type { Api } from './api';
import { byId, asCsv, csvFile, unwrap } from './api';

export type DuesRow = components['schemas']['DuesRow'];
export type DuesSummary = components['schemas']['DuesSummary'];
export type Statement = components['schemas']['Statement'];
export type AdvanceRefund = components['schemas']['AdvanceRefund'];
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
  unwrap(api, api.client.GET('/owner/dues/{id}/', byId(id)), `The statement of customer ${id}`);

/** Every matching row as the CSV for Excel, written to `file` ('-': only answered, for stdout). */
export const duesCsv = (api: Api, query: DuesQuery, file: string) =>
  csvFile(api, api.client.GET('/owner/dues/', asCsv(query)), 'The dues', file);

/** The flag each request field of paying back an advance comes from, to name it in a refusal. */
const ADVANCE_FLAGS: Record<AdvanceRefundField, string> = {
  amount: '--amount',
  reference: '--reference',
  admin_comment: '--comment',
};

export interface AdvanceRefundOptions {
  readonly amount: number;
  readonly method: OfflinePaymentMode;
  readonly reference: string | null;
  readonly comment: string;
  readonly dryRun: boolean;
}

/**
 * Pays back (part of) a customer's advance (`dabba dues refund-advance`), or with `dryRun` says
 * what would be paid back: the same rules as the server (machines/dues advance.rules.ts) refuse
 * first, each under its flag.
 */
export async function refundAdvance(
  api: Api,
  id: number,
  options: AdvanceRefundOptions,
): Promise<{ statement: Statement; refunded: AdvanceRefund | null }> {
  const statement = await customerStatement(api, id);
  const amountPaise = paiseFromRupees(options.amount);
  if (amountPaise === null) throw refusedError('--amount: Amount may have at most two decimals.');
  const problems = advanceRefundProblems({
    amountPaise,
    heldPaise: Math.round(statement.advance * 100),
    method: options.method,
    reference: options.reference,
    adminComment: options.comment,
  });
  refuseFlagProblems(problems, ADVANCE_FLAGS);
  if (options.dryRun) return { statement, refunded: null };
  const refunded = await unwrap(
    api,
    api.client.POST('/owner/customers/{id}/advance/refund/', {
      params: { path: { id } },
      body: {
        amount: options.amount,
        method: options.method,
        reference: options.reference,
        admin_comment: options.comment,
        request_id: randomUUID(),
      },
    }),
    `The advance of customer ${id}`,
  );
  return { statement, refunded };
}
