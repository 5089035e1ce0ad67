// The owner's shortcuts (issue 18): the dashboard greets the owner by name or the business by its
// name, a leave is approved in two taps with a suggested comment, the refund dialogs suggest
// comments that fit their action, and a customer's receipt is read, printed and downloaded from
// Payments & Users. In English and in Hindi (the "hindi" project).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { formatRupees } from '@machines/shared';
import { escapeRegex, msg, tx, txPattern } from './i18n';
import {
  PLANS,
  cancelSubscription,
  ensurePlan,
  expectAccessible,
  expectNotice,
  indiaDate,
  openSignedIn,
  ownerTokens,
  registerCustomer,
  requestLeave,
  subscribeAndPay,
} from './owner-fixtures';

async function asOwner(page: Page, pathname: string) {
  await openSignedIn(page, await ownerTokens(page.request), pathname);
}

async function ownerGet<T>(page: Page, url: string): Promise<T> {
  const { access } = await ownerTokens(page.request);
  const answer = await page.request.get(url, { headers: { Authorization: `Bearer ${access}` } });
  expect(answer.ok(), `${url}: ${answer.status()}`).toBeTruthy();
  return (await answer.json()) as T;
}

test('the owner dashboard greets the business by its whole name, not a word of a placeholder', async ({
  page,
}) => {
  const business = await ownerGet<{ name: string }>(page, '/api/business/');
  const me = await ownerGet<{ first_name: string; last_name: string }>(
    page,
    '/api/accounts/profile/',
  );
  // The owner account made at the first start carries no person's name ("Mess Owner").
  expect(`${me.first_name} ${me.last_name}`).toBe('Mess Owner');
  await asOwner(page, '/dashboard');
  await expect(page.getByRole('heading', { name: tx('Owner Dashboard') })).toBeVisible();
  const greeting = page.getByText(txPattern('Welcome back, {name}.'));
  await expect(greeting).toHaveText(msg('owner.welcomeName', { name: business.name }));
  await expect(greeting).not.toHaveText(msg('owner.welcomeName', { name: 'Mess' }));
});

test('the owner approves a leave in two taps: a suggested comment, then Approve', async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const customer = await registerCustomer(page.request, { service: 'mess', firstName: 'Nisha' });
  const subscription = await subscribeAndPay(page.request, customer, planId);
  await requestLeave(page.request, customer, subscription.id, indiaDate(2), indiaDate(4));

  await asOwner(page, '/admin/leaves');
  await expect(page.getByRole('heading', { name: tx('Admin Leave Requests') })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `@${customer.username}` });

  // Reject offers reasons to refuse, not wishes.
  await card.getByRole('button', { name: tx('Reject'), exact: true }).click();
  let dialog = page.getByRole('dialog', { name: tx('Reject Leave Request') });
  const suggestions = dialog.getByRole('group', { name: tx('Suggested comments') });
  await expect(
    suggestions.getByRole('button', { name: msg('adminLeaves.suggest.askAhead') }),
  ).toBeVisible();
  await expect(
    suggestions.getByRole('button', { name: msg('adminLeaves.suggest.enjoyTrip') }),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: tx('Cancel') }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: tx('Approve'), exact: true }).click();
  dialog = page.getByRole('dialog', { name: tx('Approve Leave Request') });
  const submit = dialog.getByRole('button', { name: tx('Approve'), exact: true });
  const comment = dialog.getByLabel(tx('Admin Comment'));
  await expect(submit).toBeDisabled();
  const trip = dialog
    .getByRole('group', { name: tx('Suggested comments') })
    .getByRole('button', { name: msg('adminLeaves.suggest.enjoyTrip') });
  await expect(trip).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page, 'approve leave dialog with suggestions');

  // Tap one: a suggestion fills the comment (replacing what was typed)…
  await comment.fill('typed first');
  await trip.click();
  await expect(comment).toHaveValue(msg('adminLeaves.suggest.enjoyTrip'));
  await expect(trip).toHaveAttribute('aria-pressed', 'true');
  // …tap two: Approve.
  await submit.click();
  await expectNotice(page, tx('Leave Approved'));
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: msg('adminLeaves.filter.all'), exact: true }).click();
  const decided = page.getByRole('listitem').filter({ hasText: `@${customer.username}` });
  await expect(decided).toContainText(msg('status.leave.APPROVED'));
  await expect(decided).toContainText(msg('adminLeaves.suggest.enjoyTrip'));
});

test('the refund dialogs suggest comments that fit approving, rejecting and paying', async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.tiffinLunch);
  const customer = await registerCustomer(page.request, { service: 'tiffin', firstName: 'Omar' });
  const subscription = await subscribeAndPay(page.request, customer, planId);
  await cancelSubscription(page.request, customer, subscription.id, {
    method: 'upi',
    upi_id: 'omar@okaxis',
  });

  await asOwner(page, '/admin/refunds');
  await expect(page.getByRole('heading', { name: tx('Manage Refunds') })).toBeVisible();
  await page.getByRole('button', { name: tx('PENDING'), exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
  const refundAction = (action: string) =>
    row.getByRole('button', {
      name: txPattern('{action} refund #{id}', { action }, { whole: true }),
    });
  const suggestionsIn = (dialog: ReturnType<Page['getByRole']>) =>
    dialog.getByRole('group', { name: tx('Suggested comments') }).getByRole('button');

  await refundAction(tx('Reject')).click();
  let dialog = page.getByRole('dialog');
  await expect(suggestionsIn(dialog)).toContainText([msg('adminRefunds.suggest.notEligible')]);
  await dialog.getByRole('button', { name: tx('Cancel') }).click();

  await refundAction(tx('Approve')).click();
  dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: msg('adminRefunds.suggest.approved'), exact: true })
    .click();
  await expect(dialog.getByLabel(tx('Admin Comment'))).toHaveValue(
    msg('adminRefunds.suggest.approved'),
  );
  await dialog.getByRole('button', { name: tx('Approve'), exact: true }).click();
  await expectNotice(page, tx('Refund Approved'));

  await page.getByRole('button', { name: tx('APPROVED'), exact: true }).click();
  await refundAction(tx('Mark as Paid')).click();
  dialog = page.getByRole('dialog');
  // The customer asked for UPI: that way of paying is suggested first.
  await expect(suggestionsIn(dialog)).toHaveText([
    msg('adminRefunds.suggest.upi'),
    msg('adminRefunds.suggest.bank'),
    msg('adminRefunds.suggest.cash'),
  ]);
  await expectAccessible(page, 'mark as paid dialog with suggestions');
  await suggestionsIn(dialog).first().click();
  await dialog.getByRole('button', { name: tx('Mark as Paid'), exact: true }).click();
  await expectNotice(page, tx('Refund Marked as Paid'));
});

test("the owner reads, prints and downloads a customer's receipt from Payments & Users", async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const customer = await registerCustomer(page.request, { service: 'mess', firstName: 'Irfan' });
  await subscribeAndPay(page.request, customer, planId);
  const listed = await ownerGet<Array<{ id: number; receipt_number: string | null }>>(
    page,
    `/api/payments/admin/payments/?search=${encodeURIComponent(customer.username)}`,
  );
  const payment = listed[0];
  if (!payment?.receipt_number) throw new Error('the payment has no receipt');

  await asOwner(page, '/admin/superuser');
  await page.getByLabel(tx('Search payments')).fill(customer.username);
  const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
  await expect(row).toHaveCount(1);
  await row
    .getByRole('button', {
      name: msg('ui.receipt.viewLabel', { number: payment.receipt_number }),
    })
    .click();

  const dialog = page.getByRole('dialog', {
    name: msg('ui.receipt.title', { number: payment.receipt_number }),
  });
  await expect(dialog).toBeVisible();
  const receipt = dialog.frameLocator('iframe').locator('body');
  await expect(receipt).toContainText(payment.receipt_number);
  await expect(receipt).toContainText(formatRupees(PLANS.mess.base_price));
  await expectAccessible(page, "owner's receipt dialog");

  // Print sends the receipt alone to the printer: the frame's own window prints, which its sandbox
  // allows (modals) while still running no script.
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', /\ballow-modals\b/);
  await expect(frame).not.toHaveAttribute('sandbox', /allow-scripts/);
  await dialog.locator('iframe').evaluate((frame: HTMLIFrameElement) => {
    const view = frame.contentWindow as Window & { printed?: number };
    view.printed = 0;
    view.print = () => {
      view.printed = (view.printed ?? 0) + 1;
    };
  });
  await dialog.getByRole('button', { name: msg('ui.receipt.print'), exact: true }).click();
  expect(
    await dialog
      .locator('iframe')
      .evaluate(
        (frame: HTMLIFrameElement) =>
          (frame.contentWindow as Window & { printed?: number }).printed,
      ),
  ).toBe(1);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: tx('Download PDF'), exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt_${payment.id}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expectNotice(page, tx('Receipt Downloaded'));
  // (Escape would dismiss the toast first.)
  await dialog.getByRole('button', { name: msg('ui.dialog.close') }).click();
  await expect(dialog).toBeHidden();

  // The payment's details offer the same, beside its receipt number.
  await row
    .getByRole('button', { name: tx('View more: payment #{id}', { id: payment.id }) })
    .click();
  const details = page.getByRole('dialog', {
    name: tx('Payment #{id}', { id: payment.id }),
  });
  await expect(details).toContainText(payment.receipt_number);
  await expect(
    details.getByRole('button', { name: new RegExp(escapeRegex(tx('Download PDF'))) }),
  ).toBeVisible();
  await details
    .getByRole('button', { name: msg('ui.receipt.viewLabel', { number: payment.receipt_number }) })
    .click();
  await expect(
    page.getByRole('dialog', { name: msg('ui.receipt.title', { number: payment.receipt_number }) }),
  ).toBeVisible();
});
