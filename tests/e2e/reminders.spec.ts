// Issue 21, reminders: the owner sets the reminder schedule on the Settings page's Reminders card
// (every N days, at most M, quiet hours, no reminder on the due date) and it is saved; a number out
// of range is refused under its field. Both languages.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_SETTINGS, type BusinessSettings } from '@machines';
import { expectAccessible, openSignedIn, ownerTokens } from './owner-fixtures';
import { expectToast } from './support';
import { msg } from './i18n';

async function putSettings(request: APIRequestContext, settings: BusinessSettings) {
  const owner = await ownerTokens(request);
  const answer = await request.put('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: settings,
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

test('the owner sets the reminder schedule on the Settings page', async ({ page }) => {
  await putSettings(page.request, DEFAULT_SETTINGS);
  await openSignedIn(page, await ownerTokens(page.request), '/admin/settings');
  const card = page.getByRole('region', { name: msg('settings.reminders.title') });
  await expect(card).toBeVisible();
  await card.getByLabel(msg('settings.reminders.everyDays')).fill('5');
  await card.getByLabel(msg('settings.reminders.max')).fill('30');
  await card.getByLabel(msg('settings.reminders.onDueDate')).uncheck();
  const quiet = card.getByRole('group', { name: msg('settings.reminders.quietHours') });
  await quiet.getByLabel(msg('settings.reminders.quietStart')).fill('22:00');
  await quiet.getByLabel(msg('settings.reminders.quietEnd')).fill('07:30');
  await page.getByRole('button', { name: msg('settings.save') }).click();
  // 30 is more than 20: refused under its field, nothing saved.
  await expectToast(page, msg('settings.toast.saveFailed'));
  await expect(card.getByLabel(msg('settings.reminders.max'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await card.getByLabel(msg('settings.reminders.max')).fill('2');
  await page.getByRole('button', { name: msg('settings.save') }).click();
  await expectToast(page, msg('settings.toast.saved'));
  const owner = await ownerTokens(page.request);
  const saved = await page.request.get('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect((await saved.json()).reminders).toEqual({
    ...DEFAULT_SETTINGS.reminders,
    every_days_overdue: 5,
    max_reminders: 2,
    on_due_date: false,
    quiet_hours: { start: '22:00', end: '07:30' },
  });
  // The page shows what was saved after a reload.
  await page.reload();
  await expect(card.getByLabel(msg('settings.reminders.max'))).toHaveValue('2');
  await expectAccessible(page, '/admin/settings');
  await putSettings(page.request, DEFAULT_SETTINGS);
});
