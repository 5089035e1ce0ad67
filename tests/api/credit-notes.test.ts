// Credit notes on both databases: paying a refund of an invoiced payment issues one (approving does
// not), numbered CN/<financial year>/NNNN in a gap-free series per financial year even when 20
// refunds are marked paid at once; the note as HTML and PDF for its customer and the owner only;
// a refund of a plain receipt issues none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  financialYearOf,
  issueCreditNote,
} from '../../server/lifecycles/refund/credit-notes.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';
import { readReceiptHtml } from '../helpers/receipt-html.js';

const GSTIN = '09AAACH7409R1ZZ';
const NUMBER = /^CN\/\d{4}-\d{2}\/\d{4,5}$/;

describe('credit note numbers', () => {
  it('run per financial year, April to March, in at most 16 characters', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
    expect(creditNoteNumber('2026-27', 1)).toBe('CN/2026-27/0001');
    expect(creditNoteNumber('2026-27', 99_999)).toBe('CN/2026-27/99999');
    expect(creditNoteNumber('2026-27', 99_999)).toHaveLength(16);
    expect(() => creditNoteNumber('2026-27', 100_000)).toThrow(RangeError);
  });
});

describe.each(testDatabases())('credit notes on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;
  let ravi: Customer;

  const notesOf = (refundIds: number[]) =>
    t.ctx.db.kysely
      .selectFrom('credit_notes')
      .selectAll()
      .where('refund_id', 'in', refundIds)
      .orderBy('sequence')
      .execute();

  /** A refund of `who`'s paid, then cancelled subscription, approved by the owner. */
  async function approvedRefund(who: Customer, price = 3000) {
    const cancelled = await api.cancelledWithRefund(who, { base_price: price });
    const approved = await api.refundAction(cancelled.refundId, 'approve', { admin_comment: 'OK' });
    expect(approved.status).toBe(200);
    return cancelled;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
    owner = await loginOwner(t);
    api = commerce(t, owner, { codePrefix: 'CN' });
    asha = await registerCustomer(t, { userType: 'regular' });
    ravi = await registerCustomer(t);
  });
  afterAll(() => t.close());

  it('issues a credit note when the refund is paid, not when it is approved, and shows it to its customer and the owner only', async () => {
    const refund = await approvedRefund(asha);
    expect(await notesOf([refund.refundId])).toEqual([]);
    const paid = await api.refundAction(refund.refundId, 'mark_paid', {
      admin_comment: 'Paid back',
      utr: 'UTR998877',
    });
    expect(paid.status).toBe(200);
    const [note, ...more] = await notesOf([refund.refundId]);
    expect(more).toEqual([]);
    const today = t.ctx.today();
    const year = financialYearOf(today);
    expect(note).toMatchObject({
      number: `CN/${year}/0001`,
      financial_year: year,
      sequence: 1,
      payment_id: refund.payment.id,
      user_id: asha.id,
      issued_on: today,
      gst_rate_basis_points: 500,
      sac: '996331',
      gstin: GSTIN,
      place_of_supply: 'Uttar Pradesh (09)',
    });
    const amount = Number(note!.amount_paise);
    expect(amount).toBe(paid.body.amount_paise ?? amount);
    expect(Number(note!.taxable_paise) + Number(note!.cgst_paise) + Number(note!.sgst_paise)).toBe(
      amount,
    );
    expect(Number(note!.cgst_paise)).toBe(Number(note!.sgst_paise));

    // The list: the customer's own, the owner every one.
    const mine = await t.request('GET', '/api/payments/credit_notes/', { token: asha.access });
    expect(mine.body.map((row: { number: string }) => row.number)).toEqual([note!.number]);
    expect(mine.body[0]).toMatchObject({
      refund: refund.refundId,
      invoice_number: refund.verified.payment.receipt_number,
      rate_percent: 5,
    });
    const theirs = await t.request('GET', '/api/payments/credit_notes/', { token: ravi.access });
    expect(theirs.body).toEqual([]);
    const byRefund = await t.request(
      'GET',
      `/api/payments/credit_notes/?refund=${refund.refundId}`,
      { token: owner },
    );
    expect(byRefund.body.map((row: { id: number }) => row.id)).toEqual([note!.id]);

    // The document, for the customer and the owner; another customer gets 404.
    for (const token of [asha.access, owner]) {
      const html = await t.request('GET', `/api/payments/credit_notes/${note!.id}/document/`, {
        token,
      });
      expect(html.status).toBe(200);
      const document = readReceiptHtml(html.text);
      expect(document.title).toBe(`Credit Note ${note!.number}`);
      expect(document.business).toContain(`GSTIN: ${GSTIN}`);
      expect(document.sections.get('Credit note')).toEqual([
        ['Credit note number', note!.number],
        ['Credit note date', expect.any(String)],
        ['Against invoice', refund.verified.payment.receipt_number],
        ['Invoice date', expect.any(String)],
        ['Place of supply', 'Uttar Pradesh (09)'],
        ['Reverse charge', 'No'],
        ['Reason', `Refund on cancelling subscription #${refund.subscriptionId}`],
      ]);
      expect(document.sections.get('Tax')?.map(([label]) => label)).toEqual([
        'HSN/SAC',
        'Taxable value',
        'CGST @ 2.5%',
        'SGST @ 2.5%',
        'Total',
        'Amount in words',
      ]);
    }
    const hindi = await t.request('GET', `/api/payments/credit_notes/${note!.id}/document/`, {
      token: asha.access,
      headers: { 'accept-language': 'hi' },
    });
    expect(readReceiptHtml(hindi.text).title).toBe(`क्रेडिट नोट ${note!.number}`);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/credit_notes/${note!.id}/pdf/`,
      headers: { authorization: `Bearer ${asha.access}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${note!.number.replace(/\//g, '-')}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(note!.number);
    for (const path of ['document', 'pdf']) {
      const hidden = await t.request('GET', `/api/payments/credit_notes/${note!.id}/${path}/`, {
        token: ravi.access,
      });
      expect(hidden.status).toBe(404);
    }
  });

  it('numbers 20 refunds paid at once gap-free, once each', async () => {
    const refunds = [];
    for (let index = 0; index < 20; index += 1) {
      refunds.push(await approvedRefund(index % 2 ? asha : ravi, 1000 + index));
    }
    const before = await t.ctx.db.kysely.selectFrom('credit_notes').select('sequence').execute();
    const paid = await Promise.all(
      refunds.map((refund) =>
        api.refundAction(refund.refundId, 'mark_paid', { admin_comment: 'Paid' }),
      ),
    );
    expect(paid.map((answer) => answer.status)).toEqual(refunds.map(() => 200));
    // Paying again is refused and issues nothing more.
    const again = await Promise.all(
      refunds
        .slice(0, 5)
        .map((refund) => api.refundAction(refund.refundId, 'mark_paid', { admin_comment: 'Paid' })),
    );
    expect(again.every((answer) => answer.status === 400)).toBe(true);
    const notes = await notesOf(refunds.map((refund) => refund.refundId));
    expect(notes).toHaveLength(20);
    const year = financialYearOf(t.ctx.today());
    const all = await t.ctx.db.kysely
      .selectFrom('credit_notes')
      .select(['sequence', 'number', 'financial_year'])
      .where('financial_year', '=', year)
      .orderBy('sequence')
      .execute();
    expect(all.map((row) => row.sequence)).toEqual(
      Array.from({ length: before.length + 20 }, (_, index) => index + 1),
    );
    for (const row of all) {
      expect(row.number).toBe(creditNoteNumber(year, row.sequence));
      expect(row.number).toMatch(NUMBER);
      expect(row.number.length).toBeLessThanOrEqual(16);
    }
    expect(new Set(all.map((row) => row.number)).size).toBe(all.length);
  });

  it('starts a new series on 1 April in the business time zone', async () => {
    const first = await approvedRefund(asha, 1200);
    const second = await approvedRefund(ravi, 1300);
    const third = await approvedRefund(ravi, 1400);
    const rows = await t.ctx.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('id', 'in', [first.refundId, second.refundId, third.refundId])
      .orderBy('id')
      .execute();
    const kysely = t.ctx.db.kysely;
    // 31 March 23:59 in Kolkata is still 2030-31; 00:30 on 1 April (19:00 UTC) is 2031-32.
    const march = await kysely
      .transaction()
      .execute((trx) => issueCreditNote(trx, t.ctx.config, rows[0]!, '2031-03-31T18:29:00.000Z'));
    const april = await kysely
      .transaction()
      .execute((trx) => issueCreditNote(trx, t.ctx.config, rows[1]!, '2031-03-31T19:00:00.000Z'));
    const later = await kysely
      .transaction()
      .execute((trx) => issueCreditNote(trx, t.ctx.config, rows[2]!, '2031-06-01T06:00:00.000Z'));
    expect([march?.number, april?.number, later?.number]).toEqual([
      'CN/2030-31/0001',
      'CN/2031-32/0001',
      'CN/2031-32/0002',
    ]);
    expect([march?.issued_on, april?.issued_on]).toEqual(['2031-03-31', '2031-04-01']);
  });

  it('gives a number back when the refund transaction rolls back', async () => {
    const refund = await approvedRefund(asha, 1500);
    const row = await t.ctx.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refund.refundId)
      .executeTakeFirstOrThrow();
    const at = '2032-05-01T06:00:00.000Z';
    await expect(
      t.ctx.db.kysely.transaction().execute(async (trx) => {
        await issueCreditNote(trx, t.ctx.config, row, at);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const issued = await t.ctx.db.kysely
      .transaction()
      .execute((trx) => issueCreditNote(trx, t.ctx.config, row, at));
    expect(issued?.number).toBe('CN/2032-33/0001');
  });
});

describe.each(testDatabases())('refunds without a GSTIN on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('issue no credit note: a plain receipt charged no tax', async () => {
    const owner = await loginOwner(t);
    const api = commerce(t, owner, { codePrefix: 'PL' });
    const who = await registerCustomer(t);
    const cancelled = await api.cancelledWithRefund(who);
    await api.refundAction(cancelled.refundId, 'approve', { admin_comment: 'OK' });
    const paid = await api.refundAction(cancelled.refundId, 'mark_paid', { admin_comment: 'Paid' });
    expect(paid.status).toBe(200);
    const notes = await t.request('GET', '/api/payments/credit_notes/', { token: owner });
    expect(notes.body).toEqual([]);
  });
});

describe.each(testDatabases())('the customer on tax invoices on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
  });
  afterAll(() => t.close());

  it('carries the GSTIN and billing address the customer gave, fixed when the payment is recorded', async () => {
    const owner = await loginOwner(t);
    const api = commerce(t, owner, { codePrefix: 'B2B' });
    const who = await registerCustomer(t, { userType: 'regular' });
    const billing = (body?: object) =>
      body
        ? t.request('PUT', '/api/accounts/profile/billing/', { token: who.access, body })
        : t.request('GET', '/api/accounts/profile/billing/', { token: who.access });
    expect((await billing()).body).toEqual({ gstin: null, billing_address: null });
    const wrong = await billing({ gstin: '27AAPFU0939F1ZA', billing_address: '' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      gstin: ['Enter a valid GSTIN: a state code, the PAN and a check character that matches.'],
      billing_address: ['A GSTIN needs the billing address registered with it.'],
      error_code: 'invalid',
    });
    expect((await billing({ gstin: 'short', billing_address: null })).status).toBe(400);
    const saved = await billing({
      gstin: ' 27aapfu0939f1zv ',
      billing_address: ' 4 Mill Road, Pune 411001 ',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      gstin: '27AAPFU0939F1ZV',
      billing_address: '4 Mill Road, Pune 411001',
    });
    expect(
      (await t.request('GET', '/api/accounts/profile/billing/', { token: owner })).status,
    ).toBe(403);

    const { payment } = await api.activeSubscription(who, { base_price: 1000 });
    const invoice = await t.request('GET', `/api/payments/payments/${payment.id}/receipt/`, {
      token: who.access,
    });
    expect(readReceiptHtml(invoice.text).sections.get('Billed to')).toEqual([
      ['Name', expect.any(String)],
      ['Address', '4 Mill Road, Pune 411001'],
      ['GSTIN', '27AAPFU0939F1ZV'],
      ['Phone', expect.any(String)],
      ['E-mail', who.email],
    ]);
    // Clearing them later leaves the issued invoice as it was.
    expect((await billing({ gstin: null, billing_address: null })).status).toBe(200);
    const again = await t.request('GET', `/api/payments/payments/${payment.id}/receipt/`, {
      token: who.access,
    });
    expect(readReceiptHtml(again.text).sections.get('Billed to')?.[2]).toEqual([
      'GSTIN',
      '27AAPFU0939F1ZV',
    ]);
    const next = await api.activeSubscription(who, { base_price: 1100 });
    const plain = await t.request('GET', `/api/payments/payments/${next.payment.id}/receipt/`, {
      token: who.access,
    });
    expect(
      readReceiptHtml(plain.text)
        .sections.get('Billed to')
        ?.map(([label]) => label),
    ).toEqual(['Name', 'Phone', 'E-mail']);
  });
});

describe.each(testDatabases())('the recipient on credit notes on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
    owner = await loginOwner(t);
    api = commerce(t, owner, { codePrefix: 'RCP' });
  });
  afterAll(() => t.close());

  /** `who`'s refund paid back: its credit note's id. */
  async function paidRefundNote(who: Customer) {
    const { note } = await api.paidRefund(who, { base_price: 1600 });
    return note!.id;
  }
  const billedTo = async (id: number, language = 'en') => {
    const html = await t.request('GET', `/api/payments/credit_notes/${id}/document/`, {
      token: owner,
      headers: { 'accept-language': language },
    });
    expect(html.status).toBe(200);
    const document = readReceiptHtml(html.text);
    return document.sections.get(language === 'en' ? 'Billed to' : 'प्राप्तकर्ता');
  };
  const pdfOf = async (id: number) => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/credit_notes/${id}/pdf/`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  };
  const nameOf = async (who: Customer) => {
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    return `${user.first_name} ${user.last_name}`;
  };

  it('names an unregistered recipient with their address and state (Rule 53(1A)(f)), fixed when the note is issued', async () => {
    const regular = await registerCustomer(t, { userType: 'regular' });
    const student = await registerCustomer(t);
    const billing = await registerCustomer(t, { userType: 'regular' });
    expect(
      (
        await t.request('PUT', '/api/accounts/profile/billing/', {
          token: billing.access,
          body: { gstin: null, billing_address: '7 Canal Road, Meerut 250001' },
        })
      ).status,
    ).toBe(200);
    const registered = await registerCustomer(t, { userType: 'regular' });
    expect(
      (
        await t.request('PUT', '/api/accounts/profile/billing/', {
          token: registered.access,
          body: { gstin: '27AAPFU0939F1ZV', billing_address: '4 Mill Road, Pune 411001' },
        })
      ).status,
    ).toBe(200);

    const notes = {
      regular: await paidRefundNote(regular),
      student: await paidRefundNote(student),
      billing: await paidRefundNote(billing),
      registered: await paidRefundNote(registered),
    };
    const regularName = await nameOf(regular);
    const expected = {
      regular: [
        ['Name', regularName],
        ['Address', '12 Station Road, Near the temple, Ghaziabad 201206'],
        ['State', 'Uttar Pradesh (09)'],
        ['Phone', expect.any(String)],
        ['E-mail', regular.email],
      ],
      // A student's is their hostel at their institute.
      student: [
        ['Name', await nameOf(student)],
        ['Address', 'Hostel A, Room 12, KIET'],
        ['State', 'Uttar Pradesh (09)'],
        ['Phone', expect.any(String)],
        ['E-mail', student.email],
      ],
      // A billing address given without a GSTIN comes before the profile's.
      billing: [
        ['Name', await nameOf(billing)],
        ['Address', '7 Canal Road, Meerut 250001'],
        ['State', 'Uttar Pradesh (09)'],
        ['Phone', expect.any(String)],
        ['E-mail', billing.email],
      ],
      // A registered recipient: the invoice's address and GSTIN, the GSTIN's state.
      registered: [
        ['Name', await nameOf(registered)],
        ['Address', '4 Mill Road, Pune 411001'],
        ['State', 'Maharashtra (27)'],
        ['GSTIN', '27AAPFU0939F1ZV'],
        ['Phone', expect.any(String)],
        ['E-mail', registered.email],
      ],
    };
    for (const [who, rows] of Object.entries(expected)) {
      expect(await billedTo(notes[who as keyof typeof notes]), who).toEqual(rows);
    }
    const hindi = await billedTo(notes.regular, 'hi');
    expect(hindi).toContainEqual(['पता', '12 Station Road, Near the temple, Ghaziabad 201206']);
    expect(hindi).toContainEqual(['राज्य', 'Uttar Pradesh (09)']);
    const pdf = await pdfOf(notes.regular);
    for (const text of [
      regularName,
      '12 Station Road, Near the temple, Ghaziabad 201206',
      'State',
      'Uttar Pradesh (09)',
    ]) {
      expect(pdf).toContain(text);
    }

    // Later edits to the profile, the billing details and the name leave the note as it was.
    await t.ctx.db.kysely
      .updateTable('regular_profiles')
      .set({ address: '99 New Colony', city: 'Noida', pincode: '201301' })
      .where('user_id', '=', regular.id)
      .execute();
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: 'Renamed' })
      .where('id', '=', regular.id)
      .execute();
    await t.request('PUT', '/api/accounts/profile/billing/', {
      token: billing.access,
      body: { gstin: null, billing_address: null },
    });
    expect(await billedTo(notes.regular)).toEqual(expected.regular);
    expect(await billedTo(notes.billing)).toEqual(expected.billing);

    // So does an erasure: the tax document keeps its recipient, without the contact details.
    const asked = await t.request('POST', '/api/accounts/erasure-request/', {
      token: regular.access,
      body: { password: regular.password },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const completed = await t.request(
      'POST',
      `/api/owner/erasure-requests/${asked.body.request.id}/complete/`,
      { token: owner },
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const erased = await billedTo(notes.regular);
    expect(erased?.slice(0, 3)).toEqual([
      ['Name', regularName],
      ['Address', '12 Station Road, Near the temple, Ghaziabad 201206'],
      ['State', 'Uttar Pradesh (09)'],
    ]);
    expect(erased).toContainEqual(['Phone', '']);
    expect(await pdfOf(notes.regular)).toContain(
      '12 Station Road, Near the temple, Ghaziabad 201206',
    );
  });
});
