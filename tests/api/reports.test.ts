// The owner's month-end reports over HTTP on both databases: the payments report's totals are the
// sum of its receipts (per mode and per day too), its filters, its CSV opens cleanly in Excel, and
// with BUSINESS_GSTIN the GST summary and its GSTR-1 files (B2B and CDNR for customers with a
// GSTIN, B2CS for the others, HSN/SAC split into B2B and B2C), net of credit notes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReceipt } from '../../server/lifecycles/payment/receipts.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const GSTIN = '09AAACH7409R1ZZ';
const RECORD = '/api/payments/admin/payments/record_offline/';

/** RFC 4180 rows of a CSV (quoted cells may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < line.length; index += 1) {
      const char = line[index]!;
      if (quoted) {
        if (char === '"' && line[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe.each(testDatabases())('reports on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;
  let ravi: Customer;
  /** Every SUCCESS payment this file made, by id. */
  const made: number[] = [];

  const report = (query: string, token = owner) =>
    t.request('GET', `/api/owner/reports/payments/?${query}`, { token });
  const gst = (query: string) =>
    t.request('GET', `/api/owner/reports/gst/?${query}`, { token: owner });

  async function recordOffline(
    who: Customer,
    mode: string,
    reference: string | null,
    price: number,
  ) {
    const { subscriptionId } = await api.pendingSubscription(who, { base_price: price });
    const answer = await t.request('POST', RECORD, {
      token: owner,
      body: {
        subscription: subscriptionId,
        amount: price,
        payment_mode: mode,
        ...(reference ? { reference } : {}),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    made.push(answer.body.payment.id);
    return { subscriptionId, paymentId: answer.body.payment.id as number };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
    owner = await loginOwner(t);
    api = commerce(t, owner, { codePrefix: 'RPT' });
    asha = await registerCustomer(t, { userType: 'regular' });
    ravi = await registerCustomer(t);
    // A name a spreadsheet would run as a formula, as a customer could type it.
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://evil.example","Pay")', last_name: '' })
      .where('id', '=', ravi.id)
      .execute();
    for (const price of [1500, 2750.5]) {
      const active = await api.activeSubscription(asha, { base_price: price });
      made.push(active.payment.id);
    }
    await recordOffline(asha, 'cash', null, 3000);
    await recordOffline(ravi, 'upi', '412345678901', 1999);
    await recordOffline(ravi, 'bank_transfer', 'NEFT77', 1200);
  });
  afterAll(() => t.close());

  it('totals the payments per mode and per day, and the totals are the sum of the receipts', async () => {
    const today = t.ctx.today();
    const answer = await report(`from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body).toMatchObject({ from: today, to: today, status: 'SUCCESS', mode: null });
    expect(body.payments.map((payment: { id: number }) => payment.id).sort()).toEqual(
      [...made].sort(),
    );
    let receiptsPaise = 0;
    for (const id of made) {
      const receipt = await loadReceipt(t.ctx.db.kysely, t.ctx.config, id);
      receiptsPaise += receipt!.amountPaise;
    }
    expect(receiptsPaise).toBe((1500 + 2750.5 + 3000 + 1999 + 1200) * 100);
    expect(body.total).toEqual({
      count: made.length,
      total_paise: receiptsPaise,
      total_inr: receiptsPaise / 100,
    });
    const sum = (entries: { total_paise: number; count: number }[]) => ({
      paise: entries.reduce((total, entry) => total + entry.total_paise, 0),
      count: entries.reduce((total, entry) => total + entry.count, 0),
    });
    expect(sum(body.by_mode)).toEqual({ paise: receiptsPaise, count: made.length });
    expect(sum(body.by_day)).toEqual({ paise: receiptsPaise, count: made.length });
    // No refund was paid back yet: nothing to net.
    expect(body.refunded).toEqual({ count: 0, total_paise: 0, total_inr: 0 });
    expect(body.net).toEqual({ total_paise: receiptsPaise, total_inr: receiptsPaise / 100 });
    expect(body.by_day).toEqual([
      {
        date: today,
        count: made.length,
        total_paise: receiptsPaise,
        total_inr: receiptsPaise / 100,
        refunded: { count: 0, total_paise: 0, total_inr: 0 },
        net: { total_paise: receiptsPaise, total_inr: receiptsPaise / 100 },
      },
    ]);
    const byMode = Object.fromEntries(
      body.by_mode.map((entry: { mode: string; total_paise: number; label: string }) => [
        entry.mode,
        [entry.label, entry.total_paise],
      ]),
    );
    expect(byMode).toEqual({
      sandbox: ['Sandbox (test)', 425050],
      cash: ['Cash', 300000],
      upi: ['UPI', 199900],
      bank_transfer: ['Bank transfer', 120000],
    });
    // Largest first.
    expect(body.by_mode[0].mode).toBe('sandbox');
  });

  it('filters by mode (online: every provider payment) and status, and by the dates', async () => {
    const today = t.ctx.today();
    const cash = await report(`from=${today}&to=${today}&mode=cash`);
    expect(cash.body.total).toMatchObject({ count: 1, total_paise: 300000 });
    expect(cash.body.payments[0]).toMatchObject({ mode: 'cash', gateway: 'offline' });
    const online = await report(`from=${today}&to=${today}&mode=online`);
    expect(online.body.total).toMatchObject({ count: 2, total_paise: 425050 });
    const failed = await report(`from=${today}&to=${today}&status=FAILED`);
    expect(failed.body.total).toMatchObject({ count: 0, total_paise: 0 });
    const yesterday = await report('from=2001-01-01&to=2001-12-31');
    expect(yesterday.body.payments).toEqual([]);
  });

  it('refuses a period that ends before it starts or runs over 366 days, and customers', async () => {
    const backwards = await report('from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      to: ['To must be on or after From.'],
      error_code: 'invalid_date_range',
    });
    const long = await report('from=2025-01-01&to=2026-01-02');
    expect(long.status).toBe(400);
    expect(long.body.to).toEqual(['A report covers at most 366 days.']);
    expect((await report('from=2024-01-01&to=2024-12-31')).status).toBe(200);
    const bad = await report('from=2026-02-30&to=2026-03-01');
    expect(bad.status).toBe(400);
    expect((await report('from=2026-03-01&to=2026-03-01&mode=CASH;')).status).toBe(400);
    expect((await report('from=2026-03-01&to=2026-03-01', asha.access)).status).toBe(403);
    expect(
      (await t.request('GET', '/api/owner/reports/payments/?from=2026-03-01&to=2026-03-01')).status,
    ).toBe(401);
  });

  it('writes a CSV Excel opens cleanly: BOM, CRLF, phones and references as text, no formulas', async () => {
    const today = t.ctx.today();
    const answer = await report(`from=${today}&to=${today}&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="payments_${today}_${today}.csv"`,
    );
    const text = answer.text;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const rows = csvRows(text.slice(1));
    expect(rows[0]).toEqual([
      'Date',
      'Receipt number',
      'Customer',
      'Username',
      'Phone',
      'Plan',
      'Mode',
      'Gateway',
      'Reference',
      'Status',
      'Amount (INR)',
      'Taxable value (INR)',
      'CGST (INR)',
      'SGST (INR)',
    ]);
    // The payments, then Total received, Refunded and Net.
    const body = rows.slice(1, -3);
    expect(body).toHaveLength(made.length);
    // Phone numbers stay text: ="+91…" (Excel's text formula, read here without its quotes),
    // never a bare +91… that Excel turns into 9.19E+11.
    for (const row of body) expect(row[4]).toMatch(/^=\+91\d{10}$/);
    expect(text).toContain(`,="+91${asha.phone}",`);
    const upi = body.find((row) => row[6] === 'upi')!;
    expect(text).toContain(',="412345678901",');
    expect(upi[8]).toBe('=412345678901');
    // Receipt numbers keep their letters and zeros.
    for (const row of body) expect(row[1]).toMatch(/^RCPT-\d{6}$/);
    // The customer's formula is text: a ' in front.
    expect(upi[2]).toBe(`'=HYPERLINK("http://evil.example","Pay")`);
    // No cell but the ="digits" text form starts with a formula character.
    for (const row of rows) {
      for (const cell of row) {
        if (/^[=+\-@]/.test(cell)) expect(cell).toMatch(/^=\+?[\d ]+$/);
      }
    }
    const total = rows[rows.length - 3]!;
    expect(total[0]).toBe('Total received');
    expect(total[10]).toBe('10449.50');
    expect(rows.slice(-2).map((row) => [row[0], row[10]])).toEqual([
      ['Refunded', '0.00'],
      ['Net', '10449.50'],
    ]);
    expect(body.reduce((sum, row) => sum + Math.round(Number(row[10]) * 100), 0)).toBe(1044950);
    // Tax invoices carry their split: taxable + CGST + SGST = amount.
    for (const row of body) {
      const [amount, taxable, cgst, sgst] = row
        .slice(10)
        .map((cell) => Math.round(Number(cell) * 100));
      expect(taxable! + cgst! + sgst!).toBe(amount);
    }
  });

  it('prints any receipt for an 80 mm thermal printer, as HTML and as an 80 mm wide PDF', async () => {
    const [paymentId] = made;
    const html = await t.request(
      'GET',
      `/api/payments/payments/${paymentId}/receipt/?layout=thermal`,
      {
        token: owner,
      },
    );
    expect(html.status).toBe(200);
    expect(html.text).toContain('@page{size:80mm auto');
    expect(html.text).toContain('<body class="thermal">');
    expect(html.text).not.toMatch(/#9a3412|#ea580c/);
    const a4 = await t.request('GET', `/api/payments/payments/${paymentId}/receipt/`, {
      token: owner,
    });
    expect(a4.text).not.toContain('80mm');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/payments/${paymentId}/receipt_pdf/?layout=thermal`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/filename="RCPT-\d{6}_80mm\.pdf"/);
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.rawPayload.toString('latin1'));
    // 80 mm is 226.77 points; the roll is as long as the receipt, shorter than A4's 841.89.
    expect(Number(box?.[1])).toBeCloseTo(226.77, 1);
    expect(Number(box?.[2])).toBeGreaterThan(300);
    expect(Number(box?.[2])).toBeLessThan(1400);
    expect(
      (
        await t.request('GET', `/api/payments/payments/${paymentId}/receipt/?layout=roll`, {
          token: owner,
        })
      ).status,
    ).toBe(400);
  });

  it('sums GST per rate and SAC, writes the GSTR-1 B2CS and B2C HSN files, and credit notes reduce them', async () => {
    const today = t.ctx.today();
    const before = await gst(`from=${today}&to=${today}`);
    expect(before.status).toBe(200);
    expect(before.body.gstin).toBe(GSTIN);
    expect(before.body.rows).toHaveLength(1);
    const row = before.body.rows[0];
    expect(row).toMatchObject({
      rate_percent: 5,
      sac: '996331',
      place_of_supply: '09-Uttar Pradesh',
    });
    expect(row.invoices.count).toBe(made.length);
    expect(row.invoices.total_paise).toBe(1044950);
    expect(row.invoices.taxable_paise + row.invoices.cgst_paise + row.invoices.sgst_paise).toBe(
      1044950,
    );
    expect(row.credit_notes.count).toBe(0);
    expect(row.net).toEqual(row.invoices);

    // A refund paid back to a customer: its credit note comes off the period.
    const cancelled = await api.cancelledWithRefund(asha, { base_price: 2100 });
    made.push(cancelled.payment.id);
    expect(
      (await api.refundAction(cancelled.refundId, 'approve', { admin_comment: 'ok' })).status,
    ).toBe(200);
    expect(
      (
        await api.refundAction(cancelled.refundId, 'mark_paid', {
          admin_comment: 'paid',
          utr: 'UTR12345',
        })
      ).status,
    ).toBe(200);
    const note = await t.ctx.db.kysely
      .selectFrom('credit_notes')
      .selectAll()
      .where('refund_id', '=', cancelled.refundId)
      .executeTakeFirstOrThrow();
    const after = await gst(`from=${today}&to=${today}`);
    const net = after.body.rows[0];
    expect(net.invoices.total_paise).toBe(1044950 + 210000);
    expect(net.credit_notes).toEqual({
      count: 1,
      taxable_paise: Number(note.taxable_paise),
      cgst_paise: Number(note.cgst_paise),
      sgst_paise: Number(note.sgst_paise),
      total_paise: Number(note.amount_paise),
    });
    expect(net.net.total_paise).toBe(1044950 + 210000 - Number(note.amount_paise));
    expect(net.net.taxable_paise).toBe(net.invoices.taxable_paise - Number(note.taxable_paise));
    expect(after.body.net).toEqual(net.net);

    const b2cs = await gst(`from=${today}&to=${today}&format=b2cs`);
    expect(b2cs.status).toBe(200);
    expect(b2cs.headers['content-disposition']).toBe(
      `attachment; filename="b2cs_${today}_${today}.csv"`,
    );
    expect(b2cs.text.charCodeAt(0)).not.toBe(0xfeff);
    expect(csvRows(b2cs.text)).toEqual([
      [
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      ['OE', '09-Uttar Pradesh', '', '5', (net.net.taxable_paise / 100).toFixed(2), '0.00', ''],
    ]);
    // Every customer here is unregistered: their HSN/SAC summary is the B2C one, the B2B one empty.
    const hsn = await gst(`from=${today}&to=${today}&format=hsn_b2c`);
    expect(csvRows(hsn.text)).toEqual([
      [
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
        'Rate',
      ],
      [
        '996331',
        'Services provided by restaurants, cafes and similar eating facilities',
        'NA',
        '0',
        (net.net.total_paise / 100).toFixed(2),
        (net.net.taxable_paise / 100).toFixed(2),
        '0.00',
        (net.net.cgst_paise / 100).toFixed(2),
        (net.net.sgst_paise / 100).toFixed(2),
        '0.00',
        '5',
      ],
    ]);
    expect(csvRows((await gst(`from=${today}&to=${today}&format=hsn_b2b`)).text)).toHaveLength(1);
    expect((await gst('from=2026-03-02&to=2026-03-01')).status).toBe(400);
  });
});

describe.each(testDatabases())('reports without a GSTIN on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers the payments report but no GST report', async () => {
    const owner = await loginOwner(t);
    const today = t.ctx.today();
    const payments = await t.request(
      'GET',
      `/api/owner/reports/payments/?from=${today}&to=${today}`,
      {
        token: owner,
      },
    );
    expect(payments.status).toBe(200);
    expect(payments.body.total).toEqual({ count: 0, total_paise: 0, total_inr: 0 });
    const answer = await t.request('GET', `/api/owner/reports/gst/?from=${today}&to=${today}`, {
      token: owner,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      detail: 'GST reports need the business GSTIN: BUSINESS_GSTIN is not set.',
      error_code: 'not_found',
    });
  });
});

/** The GST offline tool's CSV templates' header lines, byte for byte. */
const TOOL_HEADERS = {
  b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
  cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  b2cs: 'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  hsn_b2b:
    'HSN,Description,UQC,Total Quantity,Total Value,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount,Rate',
  hsn_b2c:
    'HSN,Description,UQC,Total Quantity,Total Value,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount,Rate',
} as const;

/** '2026-03-05' → '05-Mar-2026', as the offline tool writes a date. */
const toolDate = (date: string) =>
  new Date(`${date}T00:00:00Z`)
    .toLocaleDateString('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
    .replace('Sept', 'Sep')
    .replace(/ /g, '-');
const paiseOf = (cell: string) => Math.round(Number(cell) * 100);

describe.each(testDatabases())('GSTR-1 files on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  beforeAll(async () => {
    t = await createTestApp(dialect, { BUSINESS_GSTIN: GSTIN });
    owner = await loginOwner(t);
    api = commerce(t, owner, { codePrefix: 'G1' });
  });
  afterAll(() => t.close());

  const gst = (query: string) =>
    t.request('GET', `/api/owner/reports/gst/?${query}`, { token: owner });

  /** A refund of `who`'s paid, then cancelled subscription, paid back: its credit note. */
  async function creditNote(who: Customer, price: number) {
    const paid = await api.paidRefund(who, { base_price: price });
    return { invoice: paid.payment.id, note: paid.note! };
  }

  it("files registered customers' invoices as B2B and their notes as CDNR, the rest as B2CS, the HSN summary split, all adding up to the summary", async () => {
    const registered = await registerCustomer(t, { userType: 'regular' });
    const saved = await t.request('PUT', '/api/accounts/profile/billing/', {
      token: registered.access,
      body: { gstin: '27AAPFU0939F1ZV', billing_address: '4 Mill Road, Pune 411001' },
    });
    expect(saved.status).toBe(200);
    const unregistered = await registerCustomer(t);
    const b2bInvoices = [
      (await api.activeSubscription(registered, { base_price: 1000 })).payment.id,
      (await api.activeSubscription(registered, { base_price: 2345.5 })).payment.id,
    ];
    const b2bNote = await creditNote(registered, 1800);
    b2bInvoices.push(b2bNote.invoice);
    const b2cInvoices = [
      (await api.activeSubscription(unregistered, { base_price: 1500 })).payment.id,
    ];
    const b2cNote = await creditNote(unregistered, 1200);
    b2cInvoices.push(b2cNote.invoice);

    const today = t.ctx.today();
    const period = `from=${today}&to=${today}`;
    const summary = (await gst(period)).body;
    const invoices = await t.ctx.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('id', 'in', [...b2bInvoices, ...b2cInvoices])
      .orderBy('id')
      .execute();
    const sumOf = (rows: typeof invoices, column: 'amount_paise' | 'taxable_paise') =>
      rows.reduce((sum, row) => sum + Number(row[column]), 0);
    const b2b = invoices.filter((row) => b2bInvoices.includes(row.id));
    const b2c = invoices.filter((row) => b2cInvoices.includes(row.id));

    const files: Record<keyof typeof TOOL_HEADERS, string[][]> = {} as never;
    for (const format of Object.keys(TOOL_HEADERS) as (keyof typeof TOOL_HEADERS)[]) {
      const answer = await gst(`${period}&format=${format}`);
      expect(answer.status, format).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${format}_${today}_${today}.csv"`,
      );
      // The template's header line byte for byte, CRLF, no byte-order mark, ASCII only.
      expect(answer.text.split('\r\n')[0], format).toBe(TOOL_HEADERS[format]);
      expect(answer.text.endsWith('\r\n')).toBe(true);
      expect(answer.text).toMatch(/^[\x20-\x7e\r\n]*$/);
      files[format] = csvRows(answer.text).slice(1);
    }

    // B2B: one row per invoice to the registered customer, as the tool wants it.
    expect(files.b2b).toEqual(
      b2b.map((row) => [
        '27AAPFU0939F1ZV',
        expect.stringMatching(/^Test User\d+$/),
        `RCPT-${String(row.receipt_number).padStart(6, '0')}`,
        toolDate(today),
        (Number(row.amount_paise) / 100).toFixed(2),
        '09-Uttar Pradesh',
        'N',
        '',
        'Regular B2B',
        '',
        '5',
        (Number(row.taxable_paise) / 100).toFixed(2),
        '0.00',
      ]),
    );
    // CDNR: the registered customer's credit note.
    expect(files.cdnr).toEqual([
      [
        '27AAPFU0939F1ZV',
        expect.stringMatching(/^Test User\d+$/),
        b2bNote.note.number,
        toolDate(b2bNote.note.issued_on),
        'C',
        '09-Uttar Pradesh',
        'N',
        'Regular B2B',
        (Number(b2bNote.note.amount_paise) / 100).toFixed(2),
        '',
        '5',
        (Number(b2bNote.note.taxable_paise) / 100).toFixed(2),
        '0.00',
      ],
    ]);
    // B2CS: only the unregistered customer's invoices, less their credit note.
    const b2cTaxable = sumOf(b2c, 'taxable_paise') - Number(b2cNote.note.taxable_paise);
    expect(files.b2cs).toEqual([
      ['OE', '09-Uttar Pradesh', '', '5', (b2cTaxable / 100).toFixed(2), '0.00', ''],
    ]);
    // The HSN summary, split: B2B net of its notes, B2C net of its notes.
    const hsnRow = (totals: {
      total_paise: number;
      taxable_paise: number;
      cgst_paise: number;
      sgst_paise: number;
    }) => [
      '996331',
      'Services provided by restaurants, cafes and similar eating facilities',
      'NA',
      '0',
      (totals.total_paise / 100).toFixed(2),
      (totals.taxable_paise / 100).toFixed(2),
      '0.00',
      (totals.cgst_paise / 100).toFixed(2),
      (totals.sgst_paise / 100).toFixed(2),
      '0.00',
      '5',
    ];
    expect(summary.b2b.net.taxable_paise).toBe(
      sumOf(b2b, 'taxable_paise') - Number(b2bNote.note.taxable_paise),
    );
    expect(summary.b2b.net.total_paise).toBe(
      sumOf(b2b, 'amount_paise') - Number(b2bNote.note.amount_paise),
    );
    expect(summary.b2c.net.taxable_paise).toBe(b2cTaxable);
    expect(files.hsn_b2b).toEqual([hsnRow(summary.b2b.net)]);
    expect(files.hsn_b2c).toEqual([hsnRow(summary.b2c.net)]);

    // The sheets add up to the summary: B2B less CDNR plus B2CS is the period's taxable value,
    // and the two HSN sheets together are its value, taxable value and taxes.
    const column = (rows: string[][], index: number) =>
      rows.reduce((sum, row) => sum + paiseOf(row[index]!), 0);
    expect(column(files.b2b, 11) - column(files.cdnr, 11) + column(files.b2cs, 4)).toBe(
      summary.net.taxable_paise,
    );
    expect(column(files.b2b, 4) - column(files.cdnr, 8)).toBe(summary.b2b.net.total_paise);
    const hsn = [...files.hsn_b2b, ...files.hsn_b2c];
    expect({
      total_paise: column(hsn, 4),
      taxable_paise: column(hsn, 5),
      cgst_paise: column(hsn, 7),
      sgst_paise: column(hsn, 8),
    }).toEqual({
      total_paise: summary.net.total_paise,
      taxable_paise: summary.net.taxable_paise,
      cgst_paise: summary.net.cgst_paise,
      sgst_paise: summary.net.sgst_paise,
    });
    // And the summary's B2B and B2C parts are its whole.
    for (const key of ['count', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'total_paise']) {
      expect(summary.b2b.net[key] + summary.b2c.net[key], key).toBe(summary.net[key]);
    }
    expect(summary.b2b.invoices.count).toBe(b2b.length);
    expect(summary.b2b.credit_notes.count).toBe(1);
    expect(summary.b2c.invoices.count).toBe(b2c.length);

    // The combined HSN file is gone: the portal takes it split.
    expect((await gst(`${period}&format=hsn`)).status).toBe(400);
  });
});
describe.each(testDatabases())(
  'the payments report nets refunds as the home does, on %s',
  (dialect) => {
    let t: TestApp;
    let owner: string;
    let api: Commerce;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      owner = await loginOwner(t);
      api = commerce(t, () => owner, { codePrefix: 'NET' });
    });
    afterAll(() => {
      t.clock.reset();
      return t.close();
    });

    const report = (query: string) =>
      t.request('GET', `/api/owner/reports/payments/?${query}`, { token: owner });
    const paidBack = async (refundId: number) => {
      const answer = await api.refundAction(refundId, 'mark_paid', {
        admin_comment: 'Sent by UPI',
        utr: 'UTR98765432',
      });
      expect(answer.status).toBe(200);
    };

    it('shows received, refunded and net per day and in total, on a day with a payment and a refund', async () => {
      const day = t.ctx.today();
      // Day one: ₹1,000 in cash and ₹3,000 and ₹1,500 online; two cancel, ₹2,900 is paid back the
      // same day and ₹1,450 the next day.
      const asha = await registerCustomer(t, { service: 'mess' });
      const ravi = await registerCustomer(t, { service: 'mess' });
      const meera = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(asha, { base_price: 1000 });
      const cash = await t.request('POST', RECORD, {
        token: owner,
        body: { subscription: subscriptionId, amount: 1000, payment_mode: 'cash' },
      });
      expect(cash.status).toBe(201);
      const sameDay = await api.cancelledWithRefund(ravi, { base_price: 3000 });
      const nextDay = await api.cancelledWithRefund(meera, { base_price: 1500 });
      expect([sameDay.cancelled.refund_info.amount, nextDay.cancelled.refund_info.amount]).toEqual([
        2900, 1450,
      ]);
      for (const refundId of [sameDay.refundId, nextDay.refundId]) {
        const approved = await api.refundAction(refundId, 'approve', { admin_comment: 'ok' });
        expect(approved.status).toBe(200);
      }
      await paidBack(sameDay.refundId);

      const sameDayOnly = await report(`from=${day}&to=${day}`);
      expect(sameDayOnly.status).toBe(200);
      expect(sameDayOnly.body.total).toEqual({ count: 3, total_paise: 550000, total_inr: 5500 });
      expect(sameDayOnly.body.refunded).toEqual({ count: 1, total_paise: 290000, total_inr: 2900 });
      expect(sameDayOnly.body.net).toEqual({ total_paise: 260000, total_inr: 2600 });
      // The home's figures for the day are the same money.
      const home = await t.request('GET', '/api/owner/summary/', { token: owner });
      expect(home.body.revenue.today).toMatchObject({ collected: 5500, refunded: 2900, net: 2600 });

      t.clock.advance(24 * 3600_000);
      owner = await loginOwner(t);
      const next = t.ctx.today();
      await paidBack(nextDay.refundId);

      const both = await report(`from=${day}&to=${next}`);
      expect(both.status).toBe(200);
      expect(both.body.total).toEqual({ count: 3, total_paise: 550000, total_inr: 5500 });
      expect(both.body.refunded).toEqual({ count: 2, total_paise: 435000, total_inr: 4350 });
      expect(both.body.net).toEqual({ total_paise: 115000, total_inr: 1150 });
      // A day with only a refund is a day of the report too.
      expect(both.body.by_day).toEqual([
        {
          date: day,
          count: 3,
          total_paise: 550000,
          total_inr: 5500,
          refunded: { count: 1, total_paise: 290000, total_inr: 2900 },
          net: { total_paise: 260000, total_inr: 2600 },
        },
        {
          date: next,
          count: 0,
          total_paise: 0,
          total_inr: 0,
          refunded: { count: 1, total_paise: 145000, total_inr: 1450 },
          net: { total_paise: -145000, total_inr: -1450 },
        },
      ]);
      const today = await t.request('GET', '/api/owner/summary/', { token: owner });
      expect(today.body.revenue.today).toMatchObject({ collected: 0, refunded: 1450, net: -1450 });

      // Refunds are paid back by no payment mode and are no payment status: a report of one mode,
      // or of payments that did not succeed, has no refunds to net.
      for (const query of ['mode=cash', 'status=FAILED']) {
        const filtered = await report(`from=${day}&to=${next}&${query}`);
        expect(filtered.status).toBe(200);
        expect(filtered.body).toMatchObject({ refunded: null, net: null });
        for (const entry of filtered.body.by_day)
          expect(entry).toMatchObject({ refunded: null, net: null });
      }

      // The CSV says the same under its Total row.
      const csv = await report(`from=${day}&to=${next}&format=csv`);
      const rows = csvRows(csv.text.slice(1));
      expect(rows.slice(-3).map((row) => [row[0], row[10]])).toEqual([
        ['Total received', '5500.00'],
        ['Refunded', '4350.00'],
        ['Net', '1150.00'],
      ]);
    });
  },
);
