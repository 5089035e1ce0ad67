// Tax invoices over HTTP: with BUSINESS_GSTIN a paid subscription's receipt is a tax invoice (HTML
// read field by field, the PDF read through its fonts, both saying the same), the PDF is named
// after the receipt number, GST added on top of plan prices, and invoices fixed at payment time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '@machines';
import { loadConfig } from '../../server/config.js';
import { loadReceipt, receiptHtml, receiptPdf } from '../../server/lifecycles/payment/receipts.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';
import { field, paiseOf, readReceiptHtml, type ReceiptDocument } from '../helpers/receipt-html.js';

const GSTIN = '09AAACH7409R1ZZ';

async function receiptOf(t: TestApp, who: Customer, paymentId: number) {
  const html = await t.request('GET', `/api/payments/payments/${paymentId}/receipt/`, {
    token: who.access,
  });
  expect(html.status).toBe(200);
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/payments/payments/${paymentId}/receipt_pdf/`,
    headers: { authorization: `Bearer ${who.access}` },
  });
  expect(pdf.statusCode).toBe(200);
  return {
    document: readReceiptHtml(html.text),
    pdf: pdfText(pdf.rawPayload),
    disposition: pdf.headers['content-disposition'],
  };
}

/**
 * The HTML's text (business lines, heading, each section's title, labels and values, footer) is
 * the PDF's, line after line in the same order; a value the PDF wrapped spans several lines.
 */
function expectSameContent(document: ReceiptDocument, pdf: string) {
  const expected = [
    ...document.business,
    ...document.heading.split(' · '),
    ...[...document.sections].flatMap(([title, rows]) => [title, ...rows.flat()]),
    document.footer,
  ];
  const lines = pdf.split('\n').filter(Boolean);
  let at = lines.indexOf(expected[0]!);
  expect(at, `"${expected[0]}" in the PDF`).toBeGreaterThanOrEqual(0);
  for (const text of expected) {
    let joined = lines[at] ?? '';
    let next = at + 1;
    while (joined !== text && joined.length < text.length && next < lines.length) {
      // pdfkit ends a wrapped line with the space it broke at.
      joined = `${joined.trimEnd()} ${lines[next]}`;
      next += 1;
    }
    expect(joined, `the PDF's line ${at}`).toBe(text);
    at = next;
  }
}

/** Taxable value + CGST + SGST read off the invoice add up to its total. */
function expectSplitAddsUp(document: ReceiptDocument, halfRate: string) {
  const taxable = paiseOf(field(document, 'Tax', 'Taxable value'));
  const cgst = paiseOf(field(document, 'Tax', `CGST @ ${halfRate}`));
  const sgst = paiseOf(field(document, 'Tax', `SGST @ ${halfRate}`));
  expect(cgst).toBe(sgst);
  expect(taxable + cgst + sgst).toBe(paiseOf(field(document, 'Tax', 'Total')));
}

describe.each(testDatabases())('tax invoices on %s', (dialect) => {
  describe('with BUSINESS_GSTIN, prices including 5% GST', () => {
    let t: TestApp;
    let shop: ReturnType<typeof commerce>;
    let alice: Customer;

    beforeAll(async () => {
      t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
      const owner = await loginOwner(t);
      shop = commerce(t, owner, { codePrefix: 'GST' });
      alice = await registerCustomer(t);
    });
    afterAll(() => t.close());

    it('issues a tax invoice with GSTIN, invoice number, place of supply, SAC and the CGST/SGST split', async () => {
      const { plan, payment, verified } = await shop.activeSubscription(alice, {
        base_price: 1500,
        name: 'Full Board',
      });
      expect(verified.payment.amount_inr).toBe(1500);
      const { document, pdf, disposition } = await receiptOf(t, alice, payment.id);
      const today = t.ctx.today();
      expect(document.title).toBe(`Tax Invoice ${verified.payment.receipt_number}`);
      expect(document.heading).toBe('Tax Invoice · ₹1,500');
      expect(document.business).toContain(`GSTIN: ${GSTIN}`);
      expect([...document.sections.keys()]).toEqual([
        'Invoice',
        'Billed to',
        'Subscription',
        'Tax',
        'Payment',
      ]);
      expect(document.sections.get('Invoice')).toEqual([
        ['Invoice number', verified.payment.receipt_number],
        ['Invoice date', formatCalendarDate(today)],
        ['Place of supply', 'Uttar Pradesh (09)'],
        ['Reverse charge', 'No'],
      ]);
      expect(verified.payment.receipt_number).toMatch(/^RCPT-\d{6}$/);
      expect(document.sections.get('Tax')).toEqual([
        ['HSN/SAC', '996331'],
        ['Taxable value', '₹1,428.58'],
        ['CGST @ 2.5%', '₹35.71'],
        ['SGST @ 2.5%', '₹35.71'],
        ['Total', '₹1,500.00'],
        ['Amount in words', 'Rupees One Thousand Five Hundred Only'],
      ]);
      expectSplitAddsUp(document, '2.5%');
      expect(field(document, 'Subscription', 'Plan')).toBe(plan.name);
      expect(field(document, 'Payment', 'Amount')).toBe('₹1,500');
      expect(document.footer).toBe('This is a computer-generated invoice and needs no signature.');

      expect(disposition).toBe(`attachment; filename="${verified.payment.receipt_number}.pdf"`);
      expectSameContent(document, pdf);
      expect(pdf).toContain('CGST @ 2.5%\n₹35.71\n');
      expect(pdf).toContain('Rupees One Thousand Five Hundred Only');
    });

    it('splits an amount with paise to the paisa and writes the paise in words', async () => {
      const { payment } = await shop.activeSubscription(alice, { base_price: 123456.5 });
      const { document, pdf } = await receiptOf(t, alice, payment.id);
      // 12345650 × 2.5 ÷ 105 = 293944.05 paise → ₹2,939.44 each; the taxable value is the rest.
      expect(document.sections.get('Tax')).toEqual([
        ['HSN/SAC', '996331'],
        ['Taxable value', '₹1,17,577.62'],
        ['CGST @ 2.5%', '₹2,939.44'],
        ['SGST @ 2.5%', '₹2,939.44'],
        ['Total', '₹1,23,456.50'],
        [
          'Amount in words',
          'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
        ],
      ]);
      expectSplitAddsUp(document, '2.5%');
      expectSameContent(document, pdf);
    });

    it('keeps an invoice as issued when the settings change, and a receipt stays a receipt', async () => {
      const { payment } = await shop.activeSubscription(alice, { base_price: 1500 });
      const issued = await loadReceipt(t.ctx.db.kysely, t.config, payment.id);
      // The same payment read by a server restarted without a GSTIN, or at another rate.
      for (const env of [{}, { BUSINESS_GSTIN: '27AAPFU0939F1ZV', GST_RATE: '18' }]) {
        const later = loadConfig({ DATA_DIR: t.dataDir, ...env });
        const reread = await loadReceipt(t.ctx.db.kysely, later, payment.id);
        expect(reread?.taxInvoice).toEqual(issued?.taxInvoice);
        const document = readReceiptHtml(receiptHtml(reread!));
        expect(document.heading).toBe('Tax Invoice · ₹1,500');
        expect(document.business).toContain(`GSTIN: ${GSTIN}`);
        expect(field(document, 'Tax', 'CGST @ 2.5%')).toBe('₹35.71');
      }
      expect(issued?.taxInvoice).toEqual({
        gstin: GSTIN,
        placeOfSupply: 'Uttar Pradesh (09)',
        sac: '996331',
        rateBasisPoints: 500,
        taxablePaise: 142_858,
        cgstPaise: 3571,
        sgstPaise: 3571,
      });
      // A payment recorded without a GSTIN has no tax to declare, whatever is configured now.
      await t.ctx.db.kysely
        .updateTable('payments')
        .set({
          invoice_gstin: null,
          invoice_place_of_supply: null,
          invoice_sac: null,
          gst_rate_basis_points: null,
          taxable_paise: null,
          cgst_paise: null,
          sgst_paise: null,
        })
        .where('id', '=', payment.id)
        .execute();
      const { document, pdf } = await receiptOf(t, alice, payment.id);
      expect(document.heading).toBe('Payment receipt · ₹1,500');
      expect(document.business.join('\n')).not.toContain('GSTIN');
      expect([...document.sections.keys()]).toEqual([
        'Receipt',
        'Customer',
        'Subscription',
        'Payment',
      ]);
      expect(pdf).not.toContain('GSTIN');
      expect(pdf).not.toContain('CGST');
      expectSameContent(document, pdf);
      const json = await t.request('GET', `/api/payments/payments/${payment.id}/`, {
        token: alice.access,
      });
      expect(json.body.tax_invoice).toBeNull();
    });

    it('renders the same invoice uncompressed (the service)', async () => {
      const { payment } = await shop.activeSubscription(alice, { base_price: 999.99 });
      const receipt = await loadReceipt(t.ctx.db.kysely, t.config, payment.id);
      const document = readReceiptHtml(receiptHtml(receipt!));
      expectSplitAddsUp(document, '2.5%');
      expectSameContent(document, pdfText(await receiptPdf(receipt!, { compress: false })));
    });

    it('answers the same invoice as plain text (format=text), and its GST in the payment JSON', async () => {
      const { payment, verified } = await shop.activeSubscription(alice, { base_price: 1500 });
      const url = `/api/payments/payments/${payment.id}/receipt/`;
      const html = await t.request('GET', url, { token: alice.access });
      const text = await t.request('GET', `${url}?format=text`, { token: alice.access });
      expect(text.status).toBe(200);
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.text).not.toContain('<');
      const document = readReceiptHtml(html.text);
      // The HTML's words in its order: the business, the heading, each section with its rows
      // aligned in two columns, the footer.
      const lines = text.text.split('\n');
      const labelWidth = Math.max(
        ...[...document.sections.values()].flat().map(([label]) => label.length),
      );
      const expected = [
        t.config.business.name,
        ...document.business,
        '',
        document.heading,
        ...[...document.sections].flatMap(([title, rows]) => [
          '',
          title,
          ...rows.flatMap(([label, value]) => [
            ...(label === 'Total' ? [`  ${'-'.repeat(labelWidth + 2 + value.length)}`] : []),
            `  ${label.padEnd(labelWidth)}  ${value}`,
          ]),
        ]),
        '',
        document.footer,
        '',
      ];
      expect(lines).toEqual(expected);
      expect(text.text).toContain(`  ${'CGST @ 2.5%'.padEnd(labelWidth)}  ₹35.71\n`);

      // In the request's language, as the HTML.
      const inHindi = { token: alice.access, headers: { 'accept-language': 'hi' } };
      const hindiHtml = readReceiptHtml((await t.request('GET', url, inHindi)).text);
      const hindiText = (await t.request('GET', `${url}?format=text`, inHindi)).text;
      expect(hindiText.split('\n')).toContain(hindiHtml.heading);

      const json = await t.request('GET', `/api/payments/payments/${payment.id}/`, {
        token: alice.access,
      });
      const expectedInvoice = {
        gstin: GSTIN,
        place_of_supply: 'Uttar Pradesh (09)',
        sac: '996331',
        gst_rate: 5,
        taxable_value: 1428.58,
        cgst: 35.71,
        sgst: 35.71,
      };
      expect(json.body.tax_invoice).toEqual(expectedInvoice);
      expect(verified.payment.tax_invoice).toEqual(expectedInvoice);
      const owner = await loginOwner(t);
      const admin = await t.request('GET', `/api/payments/admin/payments/${payment.id}/`, {
        token: owner,
      });
      expect(admin.body.tax_invoice).toEqual(expectedInvoice);
    });
  });

  describe('with GST_RATE=18 added on top of plan prices', () => {
    let t: TestApp;
    let shop: ReturnType<typeof commerce>;
    let bob: Customer;

    beforeAll(async () => {
      t = await createTestApp(dialect, {
        BUSINESS_GSTIN: '27AAPFU0939F1ZV',
        GST_RATE: '18',
        GST_PRICES_INCLUDE_TAX: '0',
        GST_SAC: '9963',
      });
      const owner = await loginOwner(t);
      shop = commerce(t, owner, { codePrefix: 'GSTX' });
      bob = await registerCustomer(t);
    });
    afterAll(() => t.close());

    it('charges the price plus GST and invoices the price as the taxable value', async () => {
      const pending = await shop.pendingSubscription(bob, { base_price: 1000 });
      expect(pending.subscription.total_paid).toBe(1180);
      const { order, fields } = await shop.checkoutFields(bob, pending.subscriptionId);
      expect(order.amount).toBe(118_000);
      const verified = (await shop.verify(bob, fields)).body;
      expect(verified.payment.amount_inr).toBe(1180);
      const { document, pdf, disposition } = await receiptOf(t, bob, verified.payment.id);
      expect(document.sections.get('Invoice')).toContainEqual([
        'Place of supply',
        'Maharashtra (27)',
      ]);
      expect(document.sections.get('Tax')).toEqual([
        ['HSN/SAC', '9963'],
        ['Taxable value', '₹1,000.00'],
        ['CGST @ 9%', '₹90.00'],
        ['SGST @ 9%', '₹90.00'],
        ['Total', '₹1,180.00'],
        ['Amount in words', 'Rupees One Thousand One Hundred Eighty Only'],
      ]);
      expect(disposition).toBe(`attachment; filename="${verified.payment.receipt_number}.pdf"`);
      expectSameContent(document, pdf);
    });

    it('adds GST to a price with paise exactly', async () => {
      const pending = await shop.pendingSubscription(bob, { base_price: 1234.57 });
      // 123457 × 9% = 11111.13 → 111.11 each.
      expect(pending.subscription.total_paid).toBe(1456.79);
      const verified = await shop.pay(bob, pending.subscriptionId);
      const { document } = await receiptOf(t, bob, verified.payment.id);
      expect(field(document, 'Tax', 'Taxable value')).toBe('₹1,234.57');
      expect(field(document, 'Tax', 'CGST @ 9%')).toBe('₹111.11');
      expect(field(document, 'Tax', 'Total')).toBe('₹1,456.79');
      expectSplitAddsUp(document, '9%');
    });
  });
});
