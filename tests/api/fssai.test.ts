// The FSSAI licence or registration number (FSSAI order of 8 June 2021: every food business prints
// its 14-digit number on receipts, invoices and bills): BUSINESS_FSSAI, checked at start, served
// by GET /api/business/, printed on every receipt, tax invoice and credit note (HTML in both
// languages, PDF, text), and the owner's home says when it is missing. On both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';
import { readReceiptHtml } from '../helpers/receipt-html.js';

const GSTIN = '09AAACH7409R1ZZ';
const FSSAI = '20926999000123';
const PRINTED = `FSSAI Lic. No. ${FSSAI}`;

describe('BUSINESS_FSSAI', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-fssai-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('is the 14-digit number, or unset; anything else stops the start with one sentence', () => {
    expect(load({}).business.fssai).toBeNull();
    expect(load({ BUSINESS_FSSAI: '  ' }).business.fssai).toBeNull();
    expect(load({ BUSINESS_FSSAI: ` ${FSSAI} ` }).business.fssai).toBe(FSSAI);
    for (const bad of ['2092699900012', '209269990001234', '2092699900012A', '20926 999000123']) {
      let refused: unknown = null;
      try {
        load({ BUSINESS_FSSAI: bad });
      } catch (error) {
        refused = error;
      }
      expect(refused, bad).toBeInstanceOf(ConfigError);
      expect((refused as Error).message).toBe(
        'BUSINESS_FSSAI must be the FSSAI licence or registration number: exactly 14 digits, as on the FSSAI certificate, e.g. 20926999000123',
      );
    }
  });
});

describe.each(testDatabases())('the FSSAI number on %s', (dialect) => {
  let t: TestApp;
  let plain: TestApp;
  let unset: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN, BUSINESS_FSSAI: FSSAI });
    plain = await createTestApp(dialect, { BUSINESS_FSSAI: FSSAI });
    unset = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
    await unset.close();
  });

  /** The receipt of `who`'s new paid subscription on `app`: HTML (en, hi), text and PDF. */
  async function receiptOf(app: TestApp, prefix: string) {
    const owner = await loginOwner(app);
    const api = commerce(app, owner, { codePrefix: prefix });
    const who = await registerCustomer(app);
    const { payment } = await api.activeSubscription(who, { base_price: 1000 });
    const url = `/api/payments/payments/${payment.id}/receipt/`;
    const html = await app.request('GET', url, { token: who.access });
    const hindi = await app.request('GET', url, {
      token: who.access,
      headers: { 'accept-language': 'hi' },
    });
    const text = await app.request('GET', `${url}?format=text`, { token: who.access });
    const pdf = await app.app.inject({
      method: 'GET',
      url: `/api/payments/payments/${payment.id}/receipt_pdf/`,
      headers: { authorization: `Bearer ${who.access}` },
    });
    return {
      html: readReceiptHtml(html.text),
      hindi: readReceiptHtml(hindi.text),
      text: text.text,
      pdf: pdfText(pdf.rawPayload),
    };
  }

  it('is in the business profile', async () => {
    expect((await t.request('GET', '/api/business/')).body.fssai).toBe(FSSAI);
    expect((await unset.request('GET', '/api/business/')).body.fssai).toBeNull();
  });

  it('is printed on a plain receipt and on a tax invoice: HTML in both languages, text and PDF', async () => {
    const receipt = await receiptOf(plain, 'FR');
    expect(receipt.html.title).toMatch(/^Payment receipt /);
    const invoice = await receiptOf(t, 'FI');
    expect(invoice.html.title).toMatch(/^Tax Invoice /);
    for (const document of [receipt, invoice]) {
      expect(document.html.business).toContain(PRINTED);
      expect(document.hindi.business).toContain(`FSSAI लाइसेंस सं. ${FSSAI}`);
      expect(document.text).toContain(PRINTED);
      expect(document.pdf).toContain(PRINTED);
    }
    const without = await receiptOf(unset, 'FU');
    expect(without.html.business.join('\n')).not.toContain('FSSAI');
  });

  it('is printed on a credit note, HTML and PDF', async () => {
    const owner = await loginOwner(t);
    const api = commerce(t, owner, { codePrefix: 'FC' });
    const who = await registerCustomer(t);
    const { note } = await api.paidRefund(who, { base_price: 1200 });
    const html = await t.request('GET', `/api/payments/credit_notes/${note!.id}/document/`, {
      token: owner,
    });
    expect(readReceiptHtml(html.text).business).toContain(PRINTED);
    const hindi = await t.request('GET', `/api/payments/credit_notes/${note!.id}/document/`, {
      token: owner,
      headers: { 'accept-language': 'hi' },
    });
    expect(readReceiptHtml(hindi.text).business).toContain(`FSSAI लाइसेंस सं. ${FSSAI}`);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/credit_notes/${note!.id}/pdf/`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdfText(pdf.rawPayload)).toContain(PRINTED);
  });

  it("the owner's home says it is missing until it is set", async () => {
    const missing = await unset.request('GET', '/api/owner/summary/', {
      token: await loginOwner(unset),
    });
    expect(missing.status).toBe(200);
    expect(missing.body.fssai_missing).toBe(true);
    const set = await t.request('GET', '/api/owner/summary/', { token: await loginOwner(t) });
    expect(set.body.fssai_missing).toBe(false);
  });
});
