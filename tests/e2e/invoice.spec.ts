// A GST-registered business (BUSINESS_GSTIN in playwright.config.ts): a customer's paid
// subscription shows a tax invoice in the receipt dialog, on a desktop and on a 360 px phone, and
// the downloaded PDF says the same, with the CGST/SGST split of the amount paid.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pdfText } from '../helpers/pdf';
import {
  apiCustomer,
  E2E_FSSAI,
  E2E_GSTIN,
  ensurePlan,
  expectNoAxeViolations,
  expectToast,
  signIn,
} from './support';

const PLAN = {
  code: 'E2E-GST-MESS',
  name: 'Mess Monthly GST (E2E)',
  service_type: 'mess' as const,
  base_price: 1500,
  duration_days: 30,
  included_meals: ['lunch' as const, 'dinner' as const],
};

async function paidSubscription(request: APIRequestContext, access: string, planId: number) {
  const headers = { Authorization: `Bearer ${access}` };
  const post = async (url: string, data: unknown) => {
    const answer = await request.post(url, { headers, data });
    expect(answer.ok(), `${url}: ${answer.status()} ${await answer.text()}`).toBeTruthy();
    return answer.json();
  };
  const subscription = await post('/api/subscriptions/subscriptions/', { plan: planId });
  const order = await post('/api/payments/orders/', { subscription: subscription.id });
  const fields = await post('/api/payments/sandbox/pay/', {
    order_id: order.order_id,
    outcome: 'success',
  });
  const verified = await post('/api/payments/orders/verify_payment/', fields);
  return verified.payment as { id: number; receipt_number: string };
}

/** The dialog's receipt, read from the frame's DOM: section title → [label, value] rows. */
async function invoiceRows(page: Page) {
  const frame = page.getByRole('dialog').frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Tax', exact: true })).toBeVisible();
  return frame.locator('body').evaluate((body) => ({
    heading: body.querySelector('p.total')?.textContent ?? '',
    business: [...body.querySelectorAll('header div')].map((line) => line.textContent ?? ''),
    sections: [...body.querySelectorAll('section')].map((section) => ({
      title: section.querySelector('h2')?.textContent ?? '',
      rows: [...section.querySelectorAll('tr')].map((row) => [
        row.querySelector('th')?.textContent ?? '',
        row.querySelector('td')?.textContent ?? '',
      ]),
    })),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
}

for (const viewport of [
  { name: 'desktop 1366 px', size: { width: 1366, height: 900 } },
  { name: 'phone 360 px', size: { width: 360, height: 740 } },
]) {
  test(`tax invoice in the receipt dialog and as PDF (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport.size);
    const planId = await ensurePlan(request, PLAN);
    const { tokens } = await apiCustomer(request, { complete: 'mess' });
    if (!tokens) throw new Error('no tokens');
    const payment = await paidSubscription(request, tokens.access, planId);
    await signIn(page, tokens, '/payments');
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();

    await page.getByRole('button', { name: 'View Receipt' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Receipt ${payment.receipt_number}`);
    const invoice = await invoiceRows(page);
    expect(invoice.heading).toBe('Tax Invoice · ₹1,500');
    expect(invoice.business).toContain(`GSTIN: ${E2E_GSTIN}`);
    expect(invoice.business).toContain(`FSSAI Lic. No. ${E2E_FSSAI}`);
    const section = (title: string) => invoice.sections.find((s) => s.title === title)?.rows;
    expect(section('Invoice')).toEqual([
      ['Invoice number', payment.receipt_number],
      ['Invoice date', expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/)],
      ['Place of supply', 'Uttar Pradesh (09)'],
      ['Reverse charge', 'No'],
    ]);
    expect(section('Tax')).toEqual([
      ['HSN/SAC', '996331'],
      ['Taxable value', '₹1,428.58'],
      ['CGST @ 2.5%', '₹35.71'],
      ['SGST @ 2.5%', '₹35.71'],
      ['Total', '₹1,500.00'],
      ['Amount in words', 'Rupees One Thousand Five Hundred Only'],
    ]);
    // The invoice fits its frame: nothing sticks out sideways, on a phone either.
    expect(invoice.overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `tax invoice dialog (${viewport.name})`);
    // For people to look at: test-results/…/invoice-dialog.png.
    await page.screenshot({ path: test.info().outputPath('invoice-dialog.png') });
    await dialog
      .frameLocator('iframe')
      .getByRole('heading', { name: 'Tax', exact: true })
      .scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('invoice-dialog-tax.png') });

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    // The spec's name for the saved file; the server's Content-Disposition says RCPT-….pdf.
    expect(download.suggestedFilename()).toBe(`receipt_${payment.id}.pdf`);
    await expectToast(page, 'Receipt Downloaded');
    const text = pdfText(readFileSync(await download.path()));
    // Every row of the dialog's invoice is in the PDF, label then value, in the same order.
    const lines = text.split('\n').filter(Boolean);
    let at = lines.indexOf('Invoice');
    expect(at).toBeGreaterThan(0);
    for (const { title, rows } of invoice.sections) {
      for (const expected of [title, ...rows.flat()]) {
        expect(lines[at], `PDF line ${at}`).toBe(expected);
        at += 1;
      }
    }
    expect(text).toContain(`GSTIN: ${E2E_GSTIN}`);
    expect(text).toContain(`FSSAI Lic. No. ${E2E_FSSAI}`);
    expect(text).toContain('Taxable value\n₹1,428.58\nCGST @ 2.5%\n₹35.71\nSGST @ 2.5%\n₹35.71\n');
  });
}
