// Date fields read the app's way ("27 Nov 2026", "27 नव॰ 2026") whatever the browser's locale: a
// phone set to English (US) writes <input type="date"> as 11/27/2026, so the field shows the
// app's date over the native control, which still gives the picker and the ISO value.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCalendarDate } from '@machines/shared';
import { expectAccessible, openSignedIn, ownerTokens } from './owner-fixtures';

/** A message of the web app's catalogue in `language` (these have no placeholders). */
function text(language: 'en' | 'hi', key: string): string {
  const file = path.resolve(import.meta.dirname, `../../web/locales/${language}.json`);
  const message = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[key];
  if (!message) throw new Error(`No message ${key} in web/locales/${language}.json`);
  return message;
}

const hindiDate = (iso: string) =>
  new Intl.DateTimeFormat('hi-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/** The field around a date input: its label, what it shows, its hint and error. */
const fieldOf = (input: Locator) => input.locator('xpath=ancestor::div[label][1]');

/** Counts showPicker() calls, so a click can be seen to open the browser's own picker. */
async function countPickers(page: Page) {
  await page.addInitScript(() => {
    const calls = { count: 0 };
    (window as unknown as { pickerCalls: typeof calls }).pickerCalls = calls;
    HTMLInputElement.prototype.showPicker = function showPicker() {
      calls.count += 1;
    };
  });
}
const pickerCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { pickerCalls: { count: number } }).pickerCalls.count);

test.describe('a browser set to English (US)', () => {
  test.use({ locale: 'en-US' });

  test('the kitchen sheet date reads 27 Nov 2026, typed in the browser’s own order', async ({
    page,
  }) => {
    await countPickers(page);
    await openSignedIn(page, await ownerTokens(page.request), '/admin/kitchen');
    const input = page.getByLabel(text('en', 'kitchen.date'), { exact: true });
    await expect(input).toHaveAttribute('type', 'date');

    // Typed from the keyboard in the browser's order (month, day, year in the US)…
    await input.focus();
    await page.keyboard.type('11272026');
    await expect(input).toHaveValue('2026-11-27');
    // While typing, the browser's own parts show, so the keys' effect can be seen.
    await expect(input).toHaveAttribute('data-typing', '');
    await page.getByRole('heading', { level: 1 }).click();
    // …the field reads the app's way, and the native 11/27/2026 does not show.
    const field = fieldOf(input);
    await expect(field).toContainText('27 Nov 2026', { useInnerText: true });
    await expect(field.getByText('27 Nov 2026', { exact: true })).toBeVisible();
    expect(await input.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await expectAccessible(page, 'kitchen sheet with a date typed in en-US');

    // Filled as ISO (as the other journeys do), the value stays ISO and the field follows.
    await input.fill('2027-01-05');
    await expect(input).toHaveValue('2027-01-05');
    await expect(field).toContainText(formatCalendarDate('2027-01-05'), { useInnerText: true });

    // A tap or click opens the browser's own picker.
    await input.click();
    expect(await pickerCalls(page)).toBe(1);
  });
});

test.describe('the app in Hindi on a browser set to English (US)', () => {
  test.use({
    locale: 'en-US',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: process.env.E2E_BASE_URL!,
          localStorage: [{ name: 'dabba.language', value: 'hi' }],
        },
      ],
    },
  });

  test('the audit log dates say "कोई भी तारीख़" when empty and 27 नव॰ 2026 once picked', async ({
    page,
  }) => {
    await openSignedIn(page, await ownerTokens(page.request), '/admin/audit');
    const from = page.getByLabel(text('hi', 'audit.from'), { exact: true });
    await expect(from).toHaveAttribute('type', 'date');
    const field = fieldOf(from);
    await expect(field).toContainText(text('hi', 'audit.anyDate'), { useInnerText: true });

    await from.fill('2026-11-27');
    await expect(from).toHaveValue('2026-11-27');
    await expect(field).toContainText(hindiDate('2026-11-27'), { useInnerText: true });
    expect(hindiDate('2026-11-27')).toBe('27 नव॰ 2026');
    await expect(field).not.toContainText('11/27/2026', { useInnerText: true });
    await expectAccessible(page, 'audit log with a date in Hindi');
  });
});
