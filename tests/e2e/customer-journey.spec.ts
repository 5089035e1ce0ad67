// The whole customer life in the browser: the plans modal → register → OTP → profile → subscribe →
// pay → receipt → leave → feedback with an image → cancel with the refund preview and where to pay
// the refund. On a desktop and on a 360 px phone.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { escapeRegex, msg, serverTx, tx } from './i18n';
import {
  ensurePlan,
  expectToast,
  isoDate,
  newCustomer,
  PNG_BYTES,
  readOtp,
  oneLanguagePerWidth,
} from './support';
import { formatPhone } from '@machines/shared';

const MESS_PLAN = {
  code: 'E2E-MESS-30',
  name: 'Mess Monthly (E2E)',
  service_type: 'mess' as const,
  base_price: 2000,
  duration_days: 30,
  included_meals: ['breakfast' as const, 'lunch' as const, 'dinner' as const],
};

/** A message with a tagged part (`<0>Includes </0>Breakfast`) as the screen's text reads it. */
const untagged = (text: string) => text.replace(/<\/?\d+>/g, '');

/** Goes to a screen the way a user would: the top navigation, or the mobile menu on a phone. */
async function navigate(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: tx('Open menu') }).click();
    await page
      .getByRole('navigation', { name: tx('Mobile') })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: tx('Main') })
      .getByRole('link', { name: label, exact: true })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing may stick out sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/** Every element inside `selector` lies within the viewport's width and clips none of its text. */
async function expectNothingCutOff(page: Page, selector: string, what: string) {
  const cut = await page.locator(selector).evaluate((root) => {
    const width = window.innerWidth;
    return [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return false;
        return (
          box.left < -0.5 ||
          box.right > width + 0.5 ||
          (element.scrollWidth > element.clientWidth + 1 &&
            getComputedStyle(element).overflowX !== 'visible')
        );
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}"`);
  });
  expect(cut, `cut off in ${what}`).toEqual([]);
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`customer journey on ${viewport.name}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    await ensurePlan(request, MESS_PLAN);
    const customer = newCustomer('student');

    // 1. The plans on the landing page, each with a way to subscribe: an account first.
    await page.goto('/');
    await page.getByRole('button', { name: tx('View Plans') }).click();
    const plansModal = page.getByRole('dialog', { name: tx('Available Plans') });
    const modalPlan = plansModal.getByRole('listitem').filter({ hasText: MESS_PLAN.name });
    await expect(modalPlan).toContainText(
      `${tx('Meals:')} ${[tx('Breakfast'), tx('Lunch'), tx('Dinner')].join(', ')}`,
    );
    await expect(modalPlan).toContainText('₹2,000');
    await expectNothingCutOff(page, '[role="dialog"]', 'the plans modal');
    await expect(plansModal.getByRole('button', { name: tx('Close') })).toBeInViewport();

    // 2. Register.
    await modalPlan.getByRole('link', { name: msg('plansModal.subscribe') }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(plansModal).toHaveCount(0);
    await page.getByLabel(tx('First name')).fill(customer.firstName);
    await page.getByLabel(tx('Last name')).fill(customer.lastName);
    await page.getByLabel(msg('auth.register.username')).fill(customer.username);
    await page.getByLabel(msg('auth.field.email')).fill(customer.email);
    await page.getByLabel(msg('auth.field.phone')).fill(customer.localPhone);
    await page.getByLabel(tx('I am a')).selectOption('student');
    await page.getByLabel(tx('Password'), { exact: true }).fill(customer.password);
    await page.getByLabel(tx('Confirm password'), { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: tx('Create account') }).click();
    await expectToast(
      page,
      tx('Registration Successful'),
      tx('Please check your phone for OTP verification.'),
    );
    await expect(page).toHaveURL(/\/otp-verification/);
    await expect(page.getByText(formatPhone(customer.phone))).toBeVisible();

    // 3. The OTP from the outbox.
    const otp = await readOtp(customer.phone);
    await page.getByLabel(tx('OTP')).fill(otp);
    await page.getByRole('button', { name: tx('Verify OTP') }).click();
    await expectToast(page, tx('OTP Verified'));
    await expect(page).toHaveURL(/\/profile$/);

    // 4. Complete the profile; Save stays disabled until one service and every field. The account
    // is not complete yet, and says so.
    const save = page.getByRole('button', { name: tx('Save Profile') });
    await expect(save).toBeDisabled();
    await expect(page.getByRole('definition').getByText(tx('Profile Incomplete'))).toBeVisible();
    const service = page.getByRole('radiogroup', { name: msg('profile.field.service') });
    await service.getByRole('radio', { name: tx('Tiffin user (meals delivered)') }).check();
    await service.getByRole('radio', { name: tx('Mess user (eat at the mess)') }).check();
    // One choice of two: picking mess unpicks tiffin.
    await expect(
      service.getByRole('radio', { name: tx('Tiffin user (meals delivered)') }),
    ).not.toBeChecked();
    await page.getByLabel(msg('profile.field.institute')).selectOption('KIET');
    await page.getByLabel(msg('profile.field.studentId')).fill('KIET-2201');
    await page.getByLabel(msg('profile.field.hostel')).fill('Block B, Room 7');
    await page.getByLabel(msg('profile.field.year')).selectOption('2nd');
    await page.getByLabel(msg('profile.field.course')).fill('B.Tech CSE');
    await expect(save).toBeEnabled();
    await save.click();
    await expectToast(page, msg('profile.toast.complete.title'));
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await expect(page.getByText(tx('No Active Subscription'))).toBeVisible();

    // 5. Subscribe. The plans open on the customer's own service, and the tabs fit a phone.
    await navigate(page, msg('nav.plans'), viewport.phone);
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole('tab', { name: msg('format.serviceLabel.mess') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNothingCutOff(page, '[role="tablist"]', 'the plan tabs');
    const planCard = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name });
    await expect(planCard).toContainText('₹2,000');
    await planCard.getByRole('button', { name: msg('plans.subscribe') }).click();
    await expectToast(page, msg('plans.toast.subscribed.title'));
    await expect(page).toHaveURL(/\/subscriptions$/, { timeout: 5_000 });
    const subscription = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name }).first();
    await expect(subscription).toContainText(tx('Pending Payment'));
    // Unpaid, the price is what is due; nothing reads as paid.
    await expect(subscription).toContainText(`${msg('format.money.price')}₹2,000`);
    await expect(subscription).toContainText(`${msg('format.money.due')}₹2,000`);
    await expect(subscription).not.toContainText(`${msg('format.money.paid')}₹`);
    // Breakfast is what the plan includes, said as such, apart from the status badge.
    await expect(subscription.getByText(tx('Breakfast'), { exact: false })).toHaveText(
      untagged(msg('subscriptions.card.includesBreakfast')),
    );

    // 6. Pay in the sandbox.
    await subscription.getByRole('button', { name: tx('Pay Now') }).click();
    const checkout = page.getByRole('dialog');
    // The order's description comes from the server, in the language the app asks in.
    const description = serverTx('label.payment_order.description', { id: '{id}' });
    await expect(checkout).toContainText(
      new RegExp(escapeRegex(description).replace(escapeRegex('{id}'), '\\d+')),
    );
    await expect(checkout).toContainText('₹2,000');
    await expect(checkout).toContainText(customer.email);
    // UPI first, as on Razorpay's checkout; the card's test numbers show when Card is chosen.
    await checkout.getByRole('radio', { name: msg('checkout.sandbox.method.card') }).click();
    await expect(checkout).toContainText('4111 1111 1111 1111');
    await checkout
      .getByRole('button', { name: msg('checkout.sandbox.pay', { amount: '₹2,000' }) })
      .click();
    await expectToast(page, tx('Payment Successful'));
    await expect(subscription).toContainText(msg('status.subscription.ACTIVE'));
    await expect(subscription).toContainText(`${msg('format.money.paid')}₹2,000`);
    await expect(subscription).not.toContainText(`${msg('format.money.due')}₹`);
    await expect(
      subscription.getByRole('button', { name: msg('subscriptions.action.requestLeave') }),
    ).toBeVisible();
    await expect(
      subscription.getByRole('button', { name: tx('Cancel Subscription') }),
    ).toBeVisible();

    // 7. The receipt: HTML modal and the PDF download.
    await navigate(page, msg('nav.payments'), viewport.phone);
    await expect(page.getByRole('heading', { name: msg('payments.title') })).toBeVisible();
    const payment = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name }).first();
    await expect(payment).toContainText(msg('status.payment.SUCCESS'));
    await payment.getByRole('button', { name: tx('View Receipt') }).click();
    const receipt = page.getByRole('dialog');
    await expect(receipt.frameLocator('iframe').locator('body')).toContainText('₹');
    // Each label stands clear of its value: beside it with a gap, or above it on a phone.
    const phoneRow = receipt
      .frameLocator('iframe')
      .locator('tr', { hasText: serverTx('receipt.phone') });
    await expect(phoneRow.locator('td')).toHaveText(formatPhone(customer.phone));
    const [label, value] = await phoneRow.evaluate((row) =>
      ['th', 'td'].map((cell) => {
        // The text's own box, not the cell's: adjacent cells always touch.
        const range = document.createRange();
        range.selectNodeContents(row.querySelector(cell)!);
        const { left, right, top, bottom } = range.getBoundingClientRect();
        return { left, right, top, bottom };
      }),
    );
    if (!label || !value) throw new Error('The receipt has no Phone row');
    const besideWithGap = value.left >= label.right + 8;
    const below = value.top >= label.bottom - 0.5;
    expect(besideWithGap || below, 'the Phone label and its value run together').toBe(true);
    if (viewport.phone) expect(below, 'on a phone the label stands above its value').toBe(true);
    await page.keyboard.press('Escape');
    const downloadPromise = page.waitForEvent('download');
    await payment.getByRole('button', { name: tx('Download PDF') }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^receipt_\d+\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expectToast(page, tx('Receipt Downloaded'));

    // 8. Request a leave (inclusive duration).
    await navigate(page, msg('nav.leaves'), viewport.phone);
    await page.getByRole('button', { name: msg('leaves.request') }).click();
    const leaveDialog = page.getByRole('dialog', { name: msg('leaves.request') });
    await leaveDialog.getByLabel(msg('leaves.field.start')).fill(isoDate(1));
    await leaveDialog.getByLabel(msg('leaves.field.end')).fill(isoDate(3));
    await expect(leaveDialog).toContainText(
      `${tx('Duration:')} ${msg('leaves.days', { count: 3 })}`,
    );
    await leaveDialog.getByLabel(msg('leaves.reason')).fill('Going home for a family function.');
    await leaveDialog.getByRole('button', { name: tx('Submit Request') }).click();
    await expectToast(page, tx('Leave Request Submitted'));
    await expect(page.getByRole('list', { name: msg('leaves.list') })).toContainText(
      msg('status.leave.PENDING'),
    );
    // One pending leave at a time: it can be edited or withdrawn, not joined by another.
    await expect(page.getByRole('button', { name: msg('leaves.request') })).toBeDisabled();
    await expect(page.getByText(tx('You already have a pending leave request.'))).toBeVisible();
    const leaves = page.getByRole('list', { name: msg('leaves.list') });
    await expect(leaves.getByRole('button', { name: msg('leaves.edit') })).toBeVisible();
    await expect(leaves.getByRole('button', { name: tx('Withdraw') })).toBeVisible();

    // 9. Feedback (a food complaint) with an image, which the customer sees.
    await navigate(page, msg('nav.feedback'), viewport.phone);
    await expect(page.getByText(tx('Your mess awaits its first review!'))).toBeVisible();
    await page.getByRole('button', { name: tx('Add Feedback') }).click();
    const form = page.getByRole('dialog', { name: tx('Add Feedback') });
    await expect(form.getByLabel(tx('Meal date'))).toHaveCount(0);
    await form
      .getByLabel(msg('feedback.field.type'), { exact: true })
      .selectOption('food_complaint');
    await form.getByLabel(tx('Meal date')).fill(isoDate(0));
    await form.getByLabel(tx('Meal type')).selectOption('lunch');
    await form.getByLabel(tx('Subject')).fill('Dal was cold');
    await form
      .getByLabel(msg('feedback.field.message'))
      .fill('The dal at lunch was cold today. Please keep it warm.');
    await form.getByLabel(msg('feedback.field.rating')).selectOption('2');
    await form.getByRole('button', { name: tx('Submit Feedback') }).click();
    await expectToast(page, tx('Feedback Submitted'));
    const attach = page.getByRole('dialog', { name: tx('Add Attachment') });
    await expect(attach.getByRole('button', { name: tx('Upload') })).toBeDisabled();
    await attach
      .getByLabel(tx('Image'))
      .setInputFiles({ name: 'cold-dal.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await attach.getByRole('button', { name: tx('Upload') }).click();
    await expectToast(page, tx('Attachment Uploaded'));
    const feedbackCard = page.getByRole('listitem').filter({ hasText: 'Dal was cold' });
    await expect(feedbackCard).toContainText(
      msg('feedback.photo.caption', {
        name: 'cold-dal.png',
        size: msg('format.sizeInKb', { size: 1 }),
      }),
    );
    const photo = feedbackCard.getByRole('img', {
      name: tx('Photo attached to “{subject}”', { subject: 'Dal was cold' }),
    });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);
    await expect(page.getByRole('button', { name: tx('Feedback Pending') })).toBeDisabled();

    // 10. Cancel, seeing the refund preview first, and saying where to send the refund.
    await navigate(page, msg('nav.subscriptions'), viewport.phone);
    const previewAnswer = page.waitForResponse((response) =>
      response.url().includes('/cancel_preview/'),
    );
    await subscription.getByRole('button', { name: tx('Cancel Subscription') }).click();
    const preview = (await (await previewAnswer).json()) as Record<string, number>;
    const cancel = page.getByRole('dialog', { name: tx('Cancel Subscription') });
    await expect(cancel).toContainText(tx('Refund if you cancel today'));
    await expect(cancel).toContainText(/₹[\d,]+/);
    // How the refund is worked out, in the days of the preview the dialog shows.
    expect(preview.leave_days_taken).toBe(0);
    await expect(cancel).toContainText(
      msg('subscriptions.cancel.explanation', {
        unused: preview.unused_paid_days!,
        paid: preview.paid_days!,
        used: preview.used_days!,
      }),
    );
    const payout = cancel.getByRole('group', { name: tx('Where should we send your refund?') });
    await expect(payout.getByRole('radio', { name: 'UPI' })).toBeChecked();
    await cancel.getByRole('button', { name: tx('Confirm Cancellation') }).click();
    await expect(payout.getByLabel(msg('subscriptions.payout.upiId'))).toHaveAccessibleDescription(
      new RegExp(escapeRegex(tx('UPI ID is required'))),
    );
    await expect(cancel).toBeVisible();
    await payout.getByLabel(msg('subscriptions.payout.upiId')).fill('asha');
    await expect(payout).toContainText(tx('Enter a UPI ID like name@bank'));
    await payout.getByRole('radio', { name: msg('subscriptions.payout.bank') }).check();
    await payout.getByLabel(tx('Account holder name')).fill('Asha Verma');
    await payout.getByLabel(msg('subscriptions.payout.accountNumber')).fill('12345678');
    await payout.getByLabel('IFSC').fill('sbin0001234');
    await expect(payout.getByLabel('IFSC')).toHaveValue('SBIN0001234');
    await expect(payout).toContainText(tx('Account number must be 9 to 18 digits'));
    await payout.getByLabel(msg('subscriptions.payout.accountNumber')).fill('1234 5678 4321');
    await expect(payout).not.toContainText(tx('Account number must be 9 to 18 digits'));
    await expect(payout).not.toContainText(tx('Account number is required'));
    // Nothing is sent until it is valid: the dialog is still there.
    await cancel.getByRole('button', { name: tx('Confirm Cancellation') }).click();
    await expectToast(page, tx('Subscription Cancelled'));
    await expect(subscription).toContainText(msg('status.subscription.CANCELLED'));
    await subscription.getByText(msg('subscriptions.details'), { exact: true }).click();
    await expect(subscription).toContainText(msg('status.refund.PENDING'));
    // The account number comes back masked but for its last 4 digits.
    await expect(subscription).toContainText(
      msg('subscriptions.payout.describeBank', {
        number: 'XXXXXXXX4321',
        name: 'Asha Verma',
        ifsc: 'SBIN0001234',
      }),
    );
    await expect(subscription).not.toContainText('123456784321');

    // 11. While the refund is pending, the payout can still change.
    await subscription.getByRole('button', { name: tx('Change Payout Details') }).click();
    const change = page.getByRole('dialog', { name: tx('Change Payout Details') });
    await expect(
      change.getByRole('radio', { name: msg('subscriptions.payout.bank') }),
    ).toBeChecked();
    await change.getByRole('radio', { name: 'UPI' }).check();
    await change.getByLabel(msg('subscriptions.payout.upiId')).fill('asha.verma@okaxis');
    await change.getByRole('button', { name: tx('Save Payout Details') }).click();
    await expectToast(page, tx('Payout Details Saved'));
    await expect(subscription).toContainText(
      msg('subscriptions.payout.describeUpi', { upiId: 'asha.verma@okaxis' }),
    );
  });
}
