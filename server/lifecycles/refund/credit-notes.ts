// Credit notes (GST Section 34): a paid refund of an invoiced payment reduces the tax the invoice
// charged, so it gets a credit note in its own gap-free series per financial year (April–March in
// BUSINESS_TZ), CN/2026-27/0001, allocated inside the refund's transaction like receipt numbers,
// with its recipient's name, address and state fixed as issued (Rule 53(1A)); and the note as HTML
// and PDF for the owner and the customer it belongs to.
import type { RowOf } from '@server/platform/db/index.js';
import { hasEmail } from '@machines/walk-in';
import type { Kysely } from 'kysely';
import type { Config } from '@server/config.js';
import type {
  AdvanceRefund,
  CreditNote,
  Database,
  Payment,
  Refund,
} from '@server/platform/db/schema.js';
import { splitGst, stateLabel } from '@server/platform/gst.js';
import { fullName } from '@server/platform/format.js';
import {
  DEFAULT_LANGUAGE,
  formatDate,
  formatMoney,
  t,
  type Language,
} from '@server/platform/i18n.js';
import { dateInZone } from '@server/platform/time.js';
import { formatPhone } from '@machines/shared';
import type { Executor } from '@server/lifecycles/store.js';
import {
  documentHtml,
  documentPdf,
  formatInr,
  formatReceiptNumber,
  fssaiLine,
  taxInvoiceOf,
  type DocumentLayout,
  type TaxInvoice,
  type PrintedDocument,
  type Section,
  taxSection,
  BUYER_COLUMNS,
} from '@server/lifecycles/payment/receipts.js';

/** '2026-27' for any date from 1 April 2026 to 31 March 2027 (YYYY-MM-DD). */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * CN/2026-27/0001: 15 characters up to 9,999 notes a year, 16 up to 99,999; GST allows at most
 * 16 of letters, digits, - and /.
 */
export function creditNoteNumber(financialYear: string, sequence: number): string {
  const number = `CN/${financialYear}/${String(sequence).padStart(4, '0')}`;
  if (number.length > 16) throw new RangeError(`Credit note series exhausted: ${number}`);
  return number;
}

/** The counters row of a financial year's series. */
const creditNoteCounter = (financialYear: string) => `credit_note:${financialYear}`;

/** A regular customer's postal address, or a student's hostel at their institute. */
function profileAddress(
  regular: { address: string; landmark: string; pincode: string; city: string } | undefined,
  student: { hostel: string; institute: string } | undefined,
): string | null {
  const parts = regular
    ? [regular.address, regular.landmark, [regular.city, regular.pincode].join(' ')]
    : student
      ? [student.hostel, student.institute]
      : [];
  return (
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', ') || null
  );
}

/**
 * Whom a credit note is issued to (Rule 53(1A)): a registered recipient as on the invoice (its
 * billing address, the GSTIN's state); an unregistered one by their billing address, else their
 * profile's, and the place of supply's state, since the customer gives none. Fixed in the note.
 */
async function recipientOf(
  trx: Executor,
  payment: Pick<Payment, 'user_id' | 'invoice_buyer_name' | 'invoice_buyer_address'>,
  invoice: TaxInvoice,
): Promise<{ name: string; address: string | null; state: string }> {
  const [user, regular, student] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'username', 'billing_address'])
      .where('id', '=', payment.user_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('regular_profiles')
      .select(['address', 'landmark', 'pincode', 'city'])
      .where('user_id', '=', payment.user_id)
      .executeTakeFirst(),
    trx
      .selectFrom('student_profiles')
      .select(['hostel', 'institute'])
      .where('user_id', '=', payment.user_id)
      .executeTakeFirst(),
  ]);
  const name = payment.invoice_buyer_name ?? (fullName(user) || user.username);
  if (invoice.buyerGstin) {
    return {
      name,
      address: payment.invoice_buyer_address ?? null,
      state: stateLabel(invoice.buyerGstin.slice(0, 2)),
    };
  }
  return {
    name,
    address: user.billing_address ?? profileAddress(regular, student),
    state: invoice.placeOfSupply,
  };
}

/** What a credit note is issued for: a refund paid, or an advance paid back. */
interface CreditNoteSource {
  refundId: number | null;
  advanceRefundId: number | null;
  /** The invoiced payment it reduces. */
  paymentId: number;
  userId: number;
  amountPaise: number;
}

/**
 * Issues the credit note of a refund just marked PAID, inside its transaction: the next number of
 * the year's series (a rollback gives it back, so the series stays gap-free), the refund's amount
 * split at the invoice's rate. Null when the refunded payment was not invoiced (a plain receipt
 * needs no credit note).
 */
export function issueCreditNote(trx: Executor, config: Config, refund: Refund, at: string) {
  return issueNote(
    trx,
    config,
    {
      refundId: refund.id,
      advanceRefundId: null,
      paymentId: refund.payment_id,
      userId: refund.user_id,
      amountPaise: Number(refund.amount_paise),
    },
    at,
  );
}

/** The credit note of an advance just paid back (advance_refunds), as for a refund. */
export function issueAdvanceCreditNote(
  trx: Executor,
  config: Config,
  advanceRefund: AdvanceRefund,
  at: string,
) {
  return issueNote(
    trx,
    config,
    {
      refundId: null,
      advanceRefundId: advanceRefund.id,
      paymentId: advanceRefund.payment_id,
      userId: advanceRefund.user_id,
      amountPaise: Number(advanceRefund.amount_paise),
    },
    at,
  );
}

async function issueNote(
  trx: Executor,
  config: Config,
  source: CreditNoteSource,
  at: string,
): Promise<CreditNote | null> {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', source.paymentId)
    .executeTakeFirstOrThrow();
  const invoice = taxInvoiceOf(payment);
  if (!invoice) return null;
  const issuedOn = dateInZone(new Date(at), config.businessTz);
  const financialYear = financialYearOf(issuedOn);
  const counter = await trx
    .insertInto('counters')
    .values({ name: creditNoteCounter(financialYear), value: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  const sequence = Number(counter.value);
  const split = splitGst(source.amountPaise, invoice.rateBasisPoints);
  const recipient = await recipientOf(trx, payment, invoice);
  return trx
    .insertInto('credit_notes')
    .values({
      number: creditNoteNumber(financialYear, sequence),
      financial_year: financialYear,
      sequence,
      refund_id: source.refundId,
      advance_refund_id: source.advanceRefundId,
      payment_id: payment.id,
      user_id: source.userId,
      issued_on: issuedOn,
      amount_paise: source.amountPaise,
      taxable_paise: split.taxablePaise,
      cgst_paise: split.cgstPaise,
      sgst_paise: split.sgstPaise,
      gst_rate_basis_points: invoice.rateBasisPoints,
      sac: invoice.sac,
      gstin: invoice.gstin,
      place_of_supply: invoice.placeOfSupply,
      created_at: at,
      buyer_name: recipient.name,
      buyer_address: recipient.address,
      buyer_state: recipient.state,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A credit note with what its document shows of the invoice and the customer. */
export interface CreditNoteView {
  note: CreditNote;
  subscriptionId: number;
  invoiceNumber: string;
  invoiceDate: string;
  customer: {
    name: string;
    phone: string;
    email: string;
    /** As on the invoice this note reduces. */
    gstin: string | null;
    address: string | null;
    /** 'Uttar Pradesh (09)'; null on a note issued before migration 038. */
    state: string | null;
  };
  business: Config['business'];
}

/** The credit notes with their invoice and customer, newest first. */
export function creditNoteSelect(db: Kysely<Database>) {
  return db
    .selectFrom('credit_notes')
    .innerJoin('payments', 'payments.id', 'credit_notes.payment_id')
    .innerJoin('users', 'users.id', 'credit_notes.user_id')
    .selectAll('credit_notes')
    .select([
      'payments.receipt_number',
      'payments.created_at as payment_created_at',
      'payments.invoice_buyer_gstin',
      'payments.invoice_buyer_address',
      'payments.subscription_id',
      ...BUYER_COLUMNS,
    ]);
}

export type CreditNoteRow = RowOf<typeof creditNoteSelect>;

export function creditNoteView(row: CreditNoteRow, config: Config): CreditNoteView {
  const {
    receipt_number,
    payment_created_at,
    invoice_buyer_gstin,
    invoice_buyer_address,
    subscription_id,
    first_name,
    last_name,
    username,
    phone,
    email,
    erased_at,
    ...note
  } = row;
  return {
    note: {
      ...note,
      amount_paise: note.amount_paise,
      taxable_paise: note.taxable_paise,
      cgst_paise: note.cgst_paise,
      sgst_paise: note.sgst_paise,
    },
    subscriptionId: subscription_id,
    invoiceNumber: formatReceiptNumber(receipt_number) ?? '',
    invoiceDate: dateInZone(new Date(payment_created_at), config.businessTz),
    customer: {
      // The name the note was issued to (an older note's, once its customer is erased); an erased
      // customer's note shows no contact details.
      name: note.buyer_name ?? (`${first_name} ${last_name}`.trim() || username),
      phone: erased_at ? '' : formatPhone(phone),
      email: erased_at ? '' : email,
      gstin: invoice_buyer_gstin,
      // As issued; a note from before migration 038 shows its invoice's billing address.
      address: note.buyer_address ?? invoice_buyer_address,
      state: note.buyer_state,
    },
    business: config.business,
  };
}

/** The credit note's printed document, in `language` (the PDF asks for English). */
function creditNoteDocument(
  view: CreditNoteView,
  language: Language = DEFAULT_LANGUAGE,
): PrintedDocument {
  const say = (id: string, values?: Record<string, string>) => t(language, id, values);
  const { note } = view;
  const sections: Section[] = [
    {
      title: say('receipt.credit_note.section.note'),
      rows: [
        [say('receipt.credit_note.number'), note.number],
        [say('receipt.credit_note.date'), formatDate(language, note.issued_on)],
        [say('receipt.credit_note.invoice'), view.invoiceNumber],
        [say('receipt.invoice_date'), formatDate(language, view.invoiceDate)],
        [say('receipt.place_of_supply'), note.place_of_supply],
        [say('receipt.reverse_charge'), say('receipt.reverse_charge.no')],
        [
          say('receipt.credit_note.reason'),
          note.advance_refund_id !== null
            ? say('receipt.credit_note.reason.advance')
            : say('receipt.credit_note.reason.refund', { id: String(view.subscriptionId) }),
        ],
      ],
    },
    {
      title: say('receipt.section.billed_to'),
      rows: [
        [say('receipt.name'), view.customer.name],
        ...(view.customer.address
          ? ([[say('receipt.address'), view.customer.address]] as const)
          : []),
        ...(view.customer.state ? ([[say('receipt.state'), view.customer.state]] as const) : []),
        ...(view.customer.gstin ? ([[say('receipt.gstin'), view.customer.gstin]] as const) : []),
        [say('receipt.phone'), view.customer.phone],
        // A walk-in who gave no e-mail address has none to print.
        ...(hasEmail(view.customer.email)
          ? ([[say('receipt.email'), view.customer.email]] as const)
          : []),
      ],
    },
    taxSection(language, {
      sac: note.sac,
      rateBasisPoints: note.gst_rate_basis_points,
      taxablePaise: note.taxable_paise,
      cgstPaise: note.cgst_paise,
      sgstPaise: note.sgst_paise,
      amountPaise: note.amount_paise,
    }),
  ];
  return {
    language,
    kind: say('receipt.credit_note.kind'),
    number: note.number,
    businessName: view.business.name,
    businessLines: [
      view.business.address,
      say('receipt.business.gstin', { gstin: note.gstin }),
      ...fssaiLine(view.business, language),
      say('receipt.business.phone', { phone: view.business.phone }),
      say('receipt.business.email', { email: view.business.email }),
    ],
    amount: formatMoney(language, note.amount_paise),
    sections,
    footer: say('receipt.credit_note.footer'),
  };
}

export const creditNoteHtml = (
  view: CreditNoteView,
  language: Language = DEFAULT_LANGUAGE,
  layout: DocumentLayout = 'a4',
) => documentHtml(creditNoteDocument(view, language), layout);

export const creditNotePdf = (view: CreditNoteView, options: { compress?: boolean } = {}) =>
  documentPdf(
    { ...creditNoteDocument(view, 'en'), amount: formatInr(view.note.amount_paise) },
    'a4',
    {
      ...(options.compress !== undefined ? { compress: options.compress } : {}),
      subject: `Credit note of ${formatInr(view.note.amount_paise)}`,
    },
  );

/** CN-2026-27-0001.pdf: a file name has no slashes. */
export const creditNoteFileName = (note: CreditNote) => `${note.number.replace(/\//g, '-')}.pdf`;
