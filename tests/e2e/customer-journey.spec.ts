// The whole customer life in the browser: the plans modal → register → OTP → profile → subscribe →
// pay → receipt → leave → feedback with an image → cancel with the refund preview and where to pay
// the refund. On a desktop and on a 360 px phone.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ensurePlan, expectToast, isoDate, newCustomer, PNG_BYTES, readOtp } from './support';

const MESS_PLAN = {
  code: 'E2E-MESS-30',
  name: 'Mess Monthly (E2E)',
  service_type: 'mess' as const,
  base_price: 2000,
  duration_days: 30,
  included_meals: ['breakfast' as const, 'lunch' as const, 'dinner' as const],
};

/** Goes to a screen the way a user would: the top navigation, or the mobile menu on a phone. */
async function navigate(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
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
    await page.setViewportSize(viewport.size);
    await ensurePlan(request, MESS_PLAN);
    const customer = newCustomer('student');

    // 1. The plans on the landing page, each with a way to subscribe: an account first.
    await page.goto('/');
    await page.getByRole('button', { name: 'View Plans' }).click();
    const plansModal = page.getByRole('dialog', { name: 'Available Plans' });
    const modalPlan = plansModal.getByRole('listitem').filter({ hasText: MESS_PLAN.name });
    await expect(modalPlan).toContainText('Meals: Breakfast, Lunch, Dinner');
    await expect(modalPlan).toContainText('₹2,000');
    await expectNothingCutOff(page, '[role="dialog"]', 'the plans modal');
    await expect(plansModal.getByRole('button', { name: 'Close' })).toBeInViewport();

    // 2. Register.
    await modalPlan.getByRole('link', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(plansModal).toHaveCount(0);
    await page.getByLabel('First name').fill(customer.firstName);
    await page.getByLabel('Last name').fill(customer.lastName);
    await page.getByLabel('Username').fill(customer.username);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Phone').fill(customer.localPhone);
    await page.getByLabel('I am a').selectOption('student');
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(
      page,
      'Registration Successful',
      'Please check your phone for OTP verification.',
    );
    await expect(page).toHaveURL(/\/otp-verification/);
    await expect(page.getByText(customer.phone)).toBeVisible();

    // 3. The OTP from the outbox.
    const otp = await readOtp(customer.phone);
    await page.getByLabel('OTP').fill(otp);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expectToast(page, 'OTP Verified');
    await expect(page).toHaveURL(/\/profile$/);

    // 4. Complete the profile; Save stays disabled until one service and every field. The account
    // is not complete yet, and says so.
    const save = page.getByRole('button', { name: 'Save Profile' });
    await expect(save).toBeDisabled();
    await expect(page.getByRole('definition').getByText('Profile Incomplete')).toBeVisible();
    const service = page.getByRole('radiogroup', { name: 'Service' });
    await service.getByRole('radio', { name: 'Tiffin user (meals delivered)' }).check();
    await service.getByRole('radio', { name: 'Mess user (eat at the mess)' }).check();
    // One choice of two: picking mess unpicks tiffin.
    await expect(
      service.getByRole('radio', { name: 'Tiffin user (meals delivered)' }),
    ).not.toBeChecked();
    await page.getByLabel('Institute').selectOption('KIET');
    await page.getByLabel('Student ID').fill('KIET-2201');
    await page.getByLabel('Hostel').fill('Block B, Room 7');
    await page.getByLabel('Year').selectOption('2nd');
    await page.getByLabel('Course').fill('B.Tech CSE');
    await expect(save).toBeEnabled();
    await save.click();
    await expectToast(page, 'Profile Complete');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await expect(page.getByText('No Active Subscription')).toBeVisible();

    // 5. Subscribe. The plans open on the customer's own service, and the tabs fit a phone.
    await navigate(page, 'Plans', viewport.phone);
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole('tab', { name: 'Mess Service' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectNothingCutOff(page, '[role="tablist"]', 'the plan tabs');
    const planCard = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name });
    await expect(planCard).toContainText('₹2,000');
    await planCard.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscribed');
    await expect(page).toHaveURL(/\/subscriptions$/, { timeout: 5_000 });
    const subscription = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name }).first();
    await expect(subscription).toContainText('Pending Payment');
    // Unpaid, the price is what is due, not what was paid.
    await expect(subscription).toContainText('Amount due₹2,000');
    await expect(subscription).not.toContainText('Total paid');
    // Breakfast is what the plan includes, said as such, apart from the status badge.
    await expect(subscription.getByText('Breakfast', { exact: false })).toHaveText(
      'Includes Breakfast',
    );

    // 6. Pay in the sandbox.
    await subscription.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog');
    await expect(checkout).toContainText(/Payment for subscription #\d+/);
    await expect(checkout).toContainText('₹2,000');
    await expect(checkout).toContainText(customer.email);
    await expect(checkout).toContainText('4111 1111 1111 1111');
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await expectToast(page, 'Payment Successful');
    await expect(subscription).toContainText('Active');
    await expect(subscription).toContainText('Total paid₹2,000');
    await expect(subscription.getByRole('button', { name: 'Request Leave' })).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();

    // 7. The receipt: HTML modal and the PDF download.
    await navigate(page, 'Payments', viewport.phone);
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    const payment = page.getByRole('listitem').filter({ hasText: MESS_PLAN.name }).first();
    await expect(payment).toContainText('Success');
    await payment.getByRole('button', { name: 'View Receipt' }).click();
    const receipt = page.getByRole('dialog');
    await expect(receipt.frameLocator('iframe').locator('body')).toContainText('₹');
    // Each label stands clear of its value: beside it with a gap, or above it on a phone.
    const phoneRow = receipt.frameLocator('iframe').locator('tr', { hasText: 'Phone' });
    await expect(phoneRow.locator('td')).toHaveText(customer.phone);
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
    await payment.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^receipt_\d+\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expectToast(page, 'Receipt Downloaded');

    // 8. Request a leave (inclusive duration).
    await navigate(page, 'Leaves', viewport.phone);
    await page.getByRole('button', { name: 'Request Leave' }).click();
    const leaveDialog = page.getByRole('dialog', { name: 'Request Leave' });
    await leaveDialog.getByLabel('Start date').fill(isoDate(1));
    await leaveDialog.getByLabel('End date').fill(isoDate(3));
    await expect(leaveDialog).toContainText('Duration: 3 days');
    await leaveDialog.getByLabel('Reason').fill('Going home for a family function.');
    await leaveDialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Leave Request Submitted');
    await expect(page.getByRole('list', { name: 'Leave requests' })).toContainText('Pending');
    // One pending leave at a time: it can be edited or withdrawn, not joined by another.
    await expect(page.getByRole('button', { name: 'Request Leave' })).toBeDisabled();
    await expect(page.getByText('You already have a pending leave request.')).toBeVisible();
    const leaves = page.getByRole('list', { name: 'Leave requests' });
    await expect(leaves.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(leaves.getByRole('button', { name: 'Withdraw' })).toBeVisible();

    // 9. Feedback (a food complaint) with an image, which the customer sees.
    await navigate(page, 'Feedback', viewport.phone);
    await expect(page.getByText('Your mess awaits its first review!')).toBeVisible();
    await page.getByRole('button', { name: 'Add Feedback' }).click();
    const form = page.getByRole('dialog', { name: 'Add Feedback' });
    await expect(form.getByLabel('Meal date')).toHaveCount(0);
    await form.getByLabel('Type', { exact: true }).selectOption('food_complaint');
    await form.getByLabel('Meal date').fill(isoDate(0));
    await form.getByLabel('Meal type').selectOption('lunch');
    await form.getByLabel('Subject').fill('Dal was cold');
    await form.getByLabel('Message').fill('The dal at lunch was cold today. Please keep it warm.');
    await form.getByLabel('Rating').selectOption('2');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expectToast(page, 'Feedback Submitted');
    const attach = page.getByRole('dialog', { name: 'Add Attachment' });
    await expect(attach.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await attach
      .getByLabel('Image')
      .setInputFiles({ name: 'cold-dal.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await attach.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, 'Attachment Uploaded');
    const feedbackCard = page.getByRole('listitem').filter({ hasText: 'Dal was cold' });
    await expect(feedbackCard).toContainText('Attachment: cold-dal.png');
    const photo = feedbackCard.getByRole('img', { name: 'Photo attached to “Dal was cold”' });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);
    await expect(page.getByRole('button', { name: 'Feedback Pending' })).toBeDisabled();

    // 10. Cancel, seeing the refund preview first, and saying where to send the refund.
    await navigate(page, 'Subscriptions', viewport.phone);
    await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect(cancel).toContainText('Refund if you cancel today');
    await expect(cancel).toContainText(/₹[\d,]+/);
    await expect(cancel).toContainText(/unused of \d+ days/);
    const payout = cancel.getByRole('group', { name: 'Where should we send your refund?' });
    await expect(payout.getByRole('radio', { name: 'UPI' })).toBeChecked();
    await cancel.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expect(payout.getByLabel('UPI ID')).toHaveAccessibleDescription(/UPI ID is required/);
    await expect(cancel).toBeVisible();
    await payout.getByLabel('UPI ID').fill('asha');
    await expect(payout).toContainText('Enter a UPI ID like name@bank');
    await payout.getByRole('radio', { name: 'Bank account' }).check();
    await payout.getByLabel('Account holder name').fill('Asha Verma');
    await payout.getByLabel('Account number').fill('12345678');
    await payout.getByLabel('IFSC').fill('sbin0001234');
    await expect(payout.getByLabel('IFSC')).toHaveValue('SBIN0001234');
    await expect(payout).toContainText('Account number must be 9 to 18 digits');
    await payout.getByLabel('Account number').fill('1234 5678 4321');
    await expect(payout).not.toContainText('Account number must be');
    // Nothing is sent until it is valid: the dialog is still there.
    await cancel.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await expectToast(page, 'Subscription Cancelled');
    await expect(subscription).toContainText('Cancelled');
    await subscription.getByText('Details', { exact: true }).click();
    await expect(subscription).toContainText('Pending');
    // The account number comes back masked but for its last 4 digits.
    await expect(subscription).toContainText('Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234)');
    await expect(subscription).not.toContainText('123456784321');

    // 11. While the refund is pending, the payout can still change.
    await subscription.getByRole('button', { name: 'Change Payout Details' }).click();
    const change = page.getByRole('dialog', { name: 'Change Payout Details' });
    await expect(change.getByRole('radio', { name: 'Bank account' })).toBeChecked();
    await change.getByRole('radio', { name: 'UPI' }).check();
    await change.getByLabel('UPI ID').fill('asha.verma@okaxis');
    await change.getByRole('button', { name: 'Save Payout Details' }).click();
    await expectToast(page, 'Payout Details Saved');
    await expect(subscription).toContainText('UPI asha.verma@okaxis');
  });
}
