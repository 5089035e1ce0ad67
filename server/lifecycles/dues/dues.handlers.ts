// The ledger's operations: the customer's own statement, and the owner's dues list (JSON or CSV),
// Dues tile and any customer's statement, and paying back a customer's advance.
import { BUSINESS_USER_TYPES } from '@server/platform/db/schema.js';
import { csvCell } from '@machines/export';
import type { AppContext } from '@server/context.js';
import { found } from '@server/errors.js';
import { requireBusiness, requireCustomer, requireOwner, type Handlers } from '@server/http.js';
import { rupees } from '@server/platform/format.js';
import { paiseFromRupees } from '@machines/shared';
import { DEFAULT_PAGE_SIZE } from '@server/platform/paging.js';
import { csvFile, textCell } from '@server/platform/csv.js';
import {
  advanceOf,
  countDues,
  duesPage,
  duesRowBody,
  duesSelect,
  readDuesSummary,
  readHoldPolicy,
  readStatement,
} from './dues.read.js';

const CSV_HEADER = [
  'customer',
  'username',
  'phone',
  'email',
  // The balance: what the customer owes, below 0 when in credit (the business owes them).
  'amount_due',
  'due_since',
  'days_due',
  'status',
  'held',
];

export function ledgerHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  /** The customer with user id `id`; 404 for an unknown id or one that is not a customer. */
  async function customerOf(id: number) {
    return found(
      db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('user_type', 'not in', [...BUSINESS_USER_TYPES])
        .executeTakeFirst(),
    );
  }

  return {
    async getMyStatement(request) {
      const customer = requireCustomer(request);
      return readStatement(db, customer, ctx.today(), 'customer');
    },

    async ownerListDues(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      const today = ctx.today();
      const policy = await readHoldPolicy(db);
      const base = duesSelect(db, query, today, policy);
      // In the partial index's order (due_since, user_id), so a page walks it and stops.
      const ordered = <T extends typeof base>(q: T) =>
        query.status === 'in_credit'
          ? q.orderBy('ledger_balances.balance_paise').orderBy('ledger_balances.user_id')
          : q.orderBy('ledger_balances.due_since').orderBy('ledger_balances.user_id');
      if (query.format === 'csv') {
        const rows = (await ordered(base).execute()).map((row) => duesRowBody(row, today, policy));
        const lines = [
          CSV_HEADER.join(','),
          ...rows.map((row) =>
            [
              csvCell(row.customer.full_name),
              csvCell(row.customer.username),
              // As the payments CSV writes it (="+91…"), so a spreadsheet keeps it as text.
              textCell(row.customer.phone),
              ...[
                row.customer.email ?? '',
                row.balance.toFixed(2),
                row.due_since ?? '',
                String(row.days_due),
                row.status,
                row.hold?.reason ?? '',
              ].map(csvCell),
            ].join(','),
          ),
        ];
        // A byte-order mark, so Excel reads the names as UTF-8; CRLF line ends (RFC 4180).
        return reply
          .header('X-Total-Count', String(rows.length))
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="dues_${today}.csv"`)
          .send(csvFile(lines));
      }
      // The count from the balances alone, beside the page.
      const [total, rows] = await Promise.all([
        countDues(db, query, today, policy),
        duesPage(
          db,
          { ...query, limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 },
          today,
          policy,
        ),
      ]);
      reply.header('X-Total-Count', String(total));
      return rows.map((row) => duesRowBody(row, today, policy));
    },

    async ownerDuesSummary(request) {
      requireBusiness(request);
      return readDuesSummary(db, ctx.today());
    },

    async ownerCustomerStatement(request) {
      requireBusiness(request);
      return readStatement(db, await customerOf(request.params.id), ctx.today(), 'owner');
    },

    async ownerRefundAdvance(request, reply) {
      const owner = requireOwner(request);
      const customer = await customerOf(request.params.id);
      const body = request.body;
      const refunded = await ctx.stores.refunds.refundAdvance(owner, customer.id, {
        amountPaise: paiseFromRupees(body.amount) ?? 0,
        method: body.method,
        reference: body.reference ?? null,
        adminComment: body.admin_comment,
        requestId: body.request_id ?? null,
      });
      const note = await db
        .selectFrom('credit_notes')
        .select(['id', 'number'])
        .where('advance_refund_id', '=', refunded.id)
        .executeTakeFirst();
      reply.code(201);
      return {
        id: refunded.id,
        customer_id: refunded.user_id,
        amount: rupees(refunded.amount_paise),
        method: refunded.method,
        reference: refunded.reference,
        admin_comment: refunded.admin_comment,
        refunded_on: refunded.refunded_on,
        credit_note: note ?? null,
        advance_left: rupees(await advanceOf(db, customer.id)),
      };
    },
  } satisfies Partial<Handlers>;
}
