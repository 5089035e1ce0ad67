// Issue 21, month end: the owner opens this month's payments report from Settings, its total is
// the sum of the receipts it lists (and of the per-mode and per-day totals), the CSV downloads with
// the same total and opens cleanly in Excel (byte-order mark, phone numbers as text); the GST
// summary shows with the business GSTIN. Both languages, on a desktop and a phone.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  PLANS,
  cancelSubscription,
  ensurePlan,
  expectAccessible,
  indiaDate,
  openSignedIn,
  ownerTokens,
  parseCsv,
  registerCustomer,
  subscribeAndPay,
} from './owner-fixtures';
import { language, msg } from './i18n';

/** ₹1,800 or ₹1,499.50 → paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

async function amountsIn(page: Page, testId: string) {
  return (await page.getByTestId(testId).allTextContents()).map(paiseOf);
}

test('the month-end report adds up to its receipts and downloads as a CSV for Excel', async ({
  page,
}) => {
  const paid = [];
  for (const [index, plan] of [PLANS.mess, PLANS.tiffinLunch].entries()) {
    const planId = await ensurePlan(page.request, plan);
    const customer = await registerCustomer(page.request, {
      service: plan.service_type,
      firstName: index === 0 ? 'Meera' : 'Kabir',
      prefix: 'report',
    });
    paid.push({ customer, subscription: await subscribeAndPay(page.request, customer, planId) });
  }
  // Kabir cancels; the refund paid issues a credit note against his invoice.
  const { customer: kabir, subscription: cancelled } = paid[1]!;
  await cancelSubscription(page.request, kabir, cancelled.id, {
    method: 'upi',
    upi_id: 'kabir@okaxis',
  });
  const ownerHeaders = { Authorization: `Bearer ${(await ownerTokens(page.request)).access}` };
  const { refund_info } = (await (
    await page.request.get(`/api/subscriptions/subscriptions/${cancelled.id}/`, {
      headers: { Authorization: `Bearer ${kabir.tokens.access}` },
    })
  ).json()) as { refund_info: { id: number } };
  for (const [verb, data] of [
    ['approve', { admin_comment: 'As per policy' }],
    ['mark_paid', { admin_comment: 'Sent by UPI', utr: 'UTR123456789' }],
  ] as const) {
    const answer = await page.request.post(`/api/payments/refunds/${refund_info.id}/${verb}/`, {
      headers: ownerHeaders,
      data,
    });
    expect(answer.ok(), `${verb}: ${await answer.text()}`).toBe(true);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await openSignedIn(page, await ownerTokens(page.request), '/admin/settings');
  await page.getByRole('link', { name: msg('settings.reports.open'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { name: msg('reports.title'), level: 1 })).toBeVisible();

  // This month, every mode, successful payments: the total is the sum of the receipts listed.
  const today = indiaDate(0);
  await expect(page.getByLabel(msg('reports.from'), { exact: true })).toHaveValue(
    `${today.slice(0, 8)}01`,
  );
  await expect(page.getByLabel(msg('reports.to'), { exact: true })).toHaveValue(today);
  const total = page.getByTestId('report-total');
  await expect(total).toBeVisible();
  const totalPaise = paiseOf((await total.textContent()) ?? '');
  const receipts = await amountsIn(page, 'report-payment-amount');
  expect(receipts.length).toBeGreaterThanOrEqual(2);
  expect(receipts.reduce((sum, paise) => sum + paise, 0)).toBe(totalPaise);
  await expect(page.getByTestId('report-count')).toHaveText(String(receipts.length));
  // Modes by name: these payments came through the sandbox checkout.
  await expect(page.getByRole('cell', { name: msg('reports.mode.sandbox') }).first()).toBeVisible();
  // The same money per mode and per day.
  const byMode = page
    .locator('table')
    .filter({ has: page.locator('caption', { hasText: msg('reports.byMode') }) });
  const modeCells = await byMode.locator('tbody tr td:last-child').allTextContents();
  expect(modeCells.map(paiseOf).reduce((sum, paise) => sum + paise, 0)).toBe(totalPaise);
  const sum = (paise: number[]) => paise.reduce((total, each) => total + each, 0);
  expect(sum(await amountsIn(page, 'report-day-received'))).toBe(totalPaise);
  // Kabir's refund was paid back today: received, refunded and net, per day and in total, as the
  // owner's home counts them.
  const refundedPaise = paiseOf((await page.getByTestId('report-refunded').textContent()) ?? '');
  expect(refundedPaise).toBeGreaterThan(0);
  expect(sum(await amountsIn(page, 'report-day-refunded'))).toBe(refundedPaise);
  const netText = (await page.getByTestId('report-net').textContent()) ?? '';
  expect(paiseOf(netText) * (netText.includes('-') ? -1 : 1)).toBe(totalPaise - refundedPaise);
  for (const label of ['reports.total', 'reports.refunded', 'reports.net']) {
    await expect(page.getByText(msg(label), { exact: true }).first()).toBeVisible();
  }
  // The receipts as the server keeps them: each listed payment's receipt says the same amount.
  const owner = await ownerTokens(page.request);
  const report = await page.request.get(
    `/api/owner/reports/payments/?from=${today.slice(0, 8)}01&to=${today}`,
    {
      headers: { Authorization: `Bearer ${owner.access}` },
    },
  );
  const body = (await report.json()) as { payments: Array<{ id: number; amount_paise: number }> };
  expect(body.payments.map((payment) => payment.amount_paise)).toEqual(receipts);
  await page.screenshot({ path: `test-results/reports-${language()}-1366.png`, fullPage: true });
  await expectAccessible(page, 'the reports page');

  // The CSV: the same total, a byte-order mark for Excel, phone numbers kept as text.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: msg('reports.downloadCsv'), exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`payments_${today.slice(0, 8)}01_${today}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('\r\n');
  const rows = parseCsv(text.slice(1).replace(/\r\n/g, '\n'));
  const lines = rows.filter((row) => row.length > 1);
  const [totalRow, refundedRow, netRow] = lines.slice(-3);
  expect([totalRow![0], refundedRow![0], netRow![0]]).toEqual([
    'Total received',
    'Refunded',
    'Net',
  ]);
  expect(paiseOf(totalRow![10]!)).toBe(totalPaise);
  expect(paiseOf(refundedRow![10]!)).toBe(refundedPaise);
  expect(lines.length - 4).toBe(receipts.length);
  expect(text).toMatch(/,="\+91\d{10}",/);

  // With the business GSTIN, the GST summary and its GSTR-1 files.
  await expect(page.getByRole('heading', { name: msg('reports.gst.title') })).toBeVisible();
  for (const file of ['b2b', 'cdnr', 'b2cs', 'hsn_b2b', 'hsn_b2c'] as const) {
    await expect(
      page.getByRole('button', { name: msg(`reports.gst.download.${file}`), exact: true }),
    ).toBeVisible();
  }

  // The credit note: listed with the customer, opened as the document, downloaded as its PDF.
  const notes = page.locator('table').filter({
    has: page.locator('caption', { hasText: msg('ui.creditNote.caption') }),
  });
  // Newest first: this run's note (a run in the other language may have left one too).
  const noteRow = notes.getByRole('row').filter({ hasText: 'Kabir' }).first();
  await expect(noteRow).toContainText(/CN\/\d{4}-\d{2}\/\d{4}/);
  const number = /CN\/\d{4}-\d{2}\/\d{4}/.exec((await noteRow.textContent()) ?? '')![0];
  await noteRow
    .getByRole('button', { name: msg('ui.creditNote.viewLabel', { number }), exact: true })
    .click();
  const noteDialog = page.getByRole('dialog', { name: msg('ui.creditNote.title', { number }) });
  await expect(
    noteDialog.frameLocator('iframe').getByText(number, { exact: false }).first(),
  ).toBeVisible();
  const pdf = page.waitForEvent('download');
  await noteDialog
    .getByRole('button', { name: msg('ui.receipt.downloadPdf'), exact: true })
    .click();
  expect((await pdf).suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  expect(
    readFileSync((await (await pdf).path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.keyboard.press('Escape');

  // On a phone nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(total).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/reports-${language()}-360.png`, fullPage: true });
});
