// Issue 21, month end: the owner opens this month's payments report from Settings, its total is
// the sum of the receipts it lists (and of the per-mode and per-day totals), the CSV downloads with
// the same total and opens cleanly in Excel (byte-order mark, phone numbers as text); the GST
// summary shows with the business GSTIN. Both languages, on a desktop and a phone.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  PLANS,
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
  for (const [index, plan] of [PLANS.mess, PLANS.tiffinLunch].entries()) {
    const planId = await ensurePlan(page.request, plan);
    const customer = await registerCustomer(page.request, {
      service: plan.service_type,
      firstName: index === 0 ? 'Meera' : 'Kabir',
      prefix: 'report',
    });
    await subscribeAndPay(page.request, customer, planId);
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
  for (const caption of [msg('reports.byMode'), msg('reports.byDay')]) {
    const table = page
      .locator('table')
      .filter({ has: page.locator('caption', { hasText: caption }) });
    const cells = await table.locator('tbody tr td:last-child').allTextContents();
    expect(cells.map(paiseOf).reduce((sum, paise) => sum + paise, 0)).toBe(totalPaise);
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
  const last = lines[lines.length - 1]!;
  expect(last[0]).toBe('Total');
  expect(paiseOf(last[10]!)).toBe(totalPaise);
  expect(lines.length - 2).toBe(receipts.length);
  expect(text).toMatch(/,="\+91\d{10}",/);

  // With the business GSTIN, the GST summary and its GSTR-1 files.
  await expect(page.getByRole('heading', { name: msg('reports.gst.title') })).toBeVisible();
  await expect(
    page.getByRole('button', { name: msg('reports.gst.downloadB2cs'), exact: true }),
  ).toBeVisible();

  // On a phone nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(total).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/reports-${language()}-360.png`, fullPage: true });
});
