// `dabba payments receipt`: a receipt or tax invoice read on a terminal as text, the same facts as
// data with --json, and the HTML and PDF for whoever wants them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxInvoiceColumns } from '../../server/platform/gst.js';
import { subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

const GSTIN = '09AAACH7409R1ZZ';

describe('dabba payments receipt', () => {
  let server: CliServer;
  let plain: Subscriber;
  let invoiced: Subscriber;

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    plain = await subscriber(server.t);
    invoiced = await subscriber(server.t);
    // As recorded while BUSINESS_GSTIN was set: 5% GST included in the ₹3,000 paid.
    await server.t.ctx.db.kysely
      .updateTable('payments')
      .set(
        taxInvoiceColumns(
          {
            gstin: GSTIN,
            placeOfSupplyCode: '09',
            sac: '996331',
            rateBasisPoints: 500,
            pricesIncludeTax: true,
          },
          300_000,
        ),
      )
      .where('id', '=', invoiced.paymentId)
      .execute();
  });
  afterAll(() => server.close());

  /** The value printed beside `label` on its own line of the text. */
  const valueOf = (text: string, label: string) =>
    new RegExp(`^  ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +(.+)$`, 'm').exec(text)?.[1];

  it('prints a receipt as text laid out for a terminal, not HTML', async () => {
    const result = await dabba(server, ['payments', 'receipt', String(plain.paymentId)]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const text = result.stdout;
    expect(text).not.toMatch(/<[a-z!]/i);
    const lines = text.split('\n');
    expect(lines[0]).toBe(server.t.config.business.name);
    expect(lines).toContain('Payment receipt · ₹3,000');
    expect(valueOf(text, 'Receipt number')).toMatch(/^RCPT-\d{6,}$/);
    const db = server.t.ctx.db.kysely;
    const customer = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', plain.id)
      .executeTakeFirstOrThrow();
    const plan = await db
      .selectFrom('plans')
      .select('name')
      .where('id', '=', plain.subscription.planId)
      .executeTakeFirstOrThrow();
    expect(valueOf(text, 'Name')).toBe(`${customer.first_name} ${customer.last_name}`);
    expect(valueOf(text, 'Plan')).toBe(plan.name);
    expect(valueOf(text, 'Amount')).toBe('₹3,000');
    expect(valueOf(text, 'Payment mode')).toBe('UPI');
    expect(valueOf(text, 'Status')).toBe('Success');
    expect(text).not.toContain('GSTIN');
    // The labels stand in one column, their values in another.
    const starts = lines
      .filter((line) => line.startsWith('  '))
      .map((line) => /^ {2}\S.*? {2,}(?=\S)/.exec(line)?.[0].length);
    expect(new Set(starts).size).toBe(1);
  });

  it('prints a tax invoice with its GSTIN, taxable value, CGST, SGST and total', async () => {
    const result = await dabba(server, ['payments', 'receipt', String(invoiced.paymentId)]);
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(text.split('\n')).toContain('Tax Invoice · ₹3,000');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(valueOf(text, 'Invoice number')).toMatch(/^RCPT-\d{6,}$/);
    expect(valueOf(text, 'Place of supply')).toBe('Uttar Pradesh (09)');
    expect(valueOf(text, 'HSN/SAC')).toBe('996331');
    expect(valueOf(text, 'Taxable value')).toBe('₹2,857.14');
    expect(valueOf(text, 'CGST @ 2.5%')).toBe('₹71.43');
    expect(valueOf(text, 'SGST @ 2.5%')).toBe('₹71.43');
    expect(valueOf(text, 'Total')).toBe('₹3,000.00');
    expect(valueOf(text, 'Amount in words')).toBe('Rupees Three Thousand Only');
  });

  it('gives the receipt as data with --json, the tax invoice included', async () => {
    const invoice = await dabba(server, [
      'payments',
      'receipt',
      String(invoiced.paymentId),
      '--json',
    ]);
    expect(invoice.code).toBe(0);
    expect(invoice.json()).toMatchObject({
      id: invoiced.paymentId,
      status: 'SUCCESS',
      amount_inr: 3000,
      receipt_number: expect.stringMatching(/^RCPT-\d{6,}$/),
      user: { username: invoiced.username },
      tax_invoice: {
        gstin: GSTIN,
        place_of_supply: 'Uttar Pradesh (09)',
        sac: '996331',
        gst_rate: 5,
        taxable_value: 2857.14,
        cgst: 71.43,
        sgst: 71.43,
      },
    });
    const receipt = await dabba(server, ['payments', 'receipt', String(plain.paymentId), '--json']);
    expect(receipt.json()).toMatchObject({ id: plain.paymentId, tax_invoice: null });
  });

  it('refuses a payment without a receipt, and keeps --html and --pdf', async () => {
    const failed = await subscriber(server.t);
    await server.t.ctx.db.kysely
      .updateTable('payments')
      .set({ status: 'FAILED', receipt_number: null })
      .where('id', '=', failed.paymentId)
      .execute();
    for (const extra of [[], ['--json']]) {
      const refused = await dabba(server, [
        'payments',
        'receipt',
        String(failed.paymentId),
        ...extra,
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `Payment ${failed.paymentId} has no receipt: receipts exist for successful payments only.`,
      );
    }

    const html = await dabba(server, ['payments', 'receipt', String(plain.paymentId), '--html']);
    expect(html.code).toBe(0);
    expect(html.stdout).toMatch(/^<!doctype html>/i);
    const both = await dabba(server, [
      'payments',
      'receipt',
      String(plain.paymentId),
      '--pdf',
      'r.pdf',
      '--json',
    ]);
    expect(both.code).toBe(2);
  });
});
