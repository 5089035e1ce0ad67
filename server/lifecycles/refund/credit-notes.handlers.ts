// Credit notes over HTTP: the list (a customer's own, every one for the owner) and each note as
// HTML and PDF, for the owner and the customer it belongs to only.
import type { AppContext } from '@server/context.js';
import { varyOnLanguage } from '@server/platform/answer-language.js';
import type { User } from '@server/platform/db/schema.js';
import { notFound } from '@server/errors.js';
import { requireUser, type Handlers, actsForBusiness } from '@server/http.js';
import { requestLanguage } from '@server/platform/i18n.js';
import {
  creditNoteFileName,
  creditNoteHtml,
  creditNotePdf,
  creditNoteSelect,
  creditNoteView,
  type CreditNoteView,
} from './credit-notes.js';

export function creditNoteHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  /** The caller's credit note, or any for the owner; another customer's reads as missing. */
  async function visibleNote(user: User, id: number): Promise<CreditNoteView> {
    const row = await creditNoteSelect(db).where('credit_notes.id', '=', id).executeTakeFirst();
    if (!row || (row.user_id !== user.id && !actsForBusiness(user))) throw notFound();
    return creditNoteView(row, ctx.config);
  }

  return {
    async listCreditNotes(request) {
      const user = requireUser(request);
      let select = creditNoteSelect(db);
      if (!actsForBusiness(user)) select = select.where('credit_notes.user_id', '=', user.id);
      const refund = request.query?.refund;
      if (refund !== undefined) select = select.where('credit_notes.refund_id', '=', refund);
      const rows = await select
        .orderBy('credit_notes.issued_on', 'desc')
        .orderBy('credit_notes.id', 'desc')
        .execute();
      return rows.map((row) => {
        const { note, invoiceNumber, customer } = creditNoteView(row, ctx.config);
        return {
          id: note.id,
          number: note.number,
          financial_year: note.financial_year,
          refund: note.refund_id,
          advance_refund: note.advance_refund_id,
          payment: note.payment_id,
          invoice_number: invoiceNumber,
          user: note.user_id,
          customer_name: customer.name,
          issued_on: note.issued_on,
          amount_paise: note.amount_paise,
          amount_inr: note.amount_paise / 100,
          taxable_paise: note.taxable_paise,
          cgst_paise: note.cgst_paise,
          sgst_paise: note.sgst_paise,
          rate_percent: note.gst_rate_basis_points / 100,
          sac: note.sac,
        };
      });
    },

    async getCreditNoteDocument(request, reply) {
      const view = await visibleNote(requireUser(request), request.params.id);
      varyOnLanguage(reply);
      const language = requestLanguage(request.headers['accept-language']);
      return reply.type('text/html; charset=utf-8').send(creditNoteHtml(view, language));
    },

    async getCreditNotePdf(request, reply) {
      const view = await visibleNote(requireUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${creditNoteFileName(view.note)}"`)
        .send(await creditNotePdf(view));
    },
  } satisfies Partial<Handlers>;
}
