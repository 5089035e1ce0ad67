// Part payments and plans bought ahead (issue 35), in the browser: the owner's Settings refuse a
// dues limit of ₹0 under its field, and after allowing dues offer to start the part-paid walk-in
// the policy now lets start, in one step; a customer who buys a second plan while one runs sees it
// queued ("Starts on …") behind the running one. On a desktop in English and a 360 px phone in
// Hindi. With E2E_SHOTS set to a folder, each step's screen is saved there as a PNG.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { msg, tx } from './i18n';
import { ensurePlan, ownerLogsIn, ownerTokens, type PlanSpec } from './owner-fixtures';
import { apiCustomer, apiPaidSubscription, oneLanguagePerWidth, shot, signIn } from './support';

const COUNTER_PLAN: PlanSpec = {
  code: 'E2E-PART-30',
  name: 'Part-paid Mess (E2E)',
  service_type: 'mess',
  base_price: 3000,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};
const NEXT_PLAN: PlanSpec = { ...COUNTER_PLAN, code: 'E2E-NEXT-30', name: 'Next Mess (E2E)' };

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
] as const;

let counter = 0;

async function setPolicy(request: APIRequestContext, activation: string, maxDues: number) {
  const headers = { Authorization: `Bearer ${(await ownerTokens(request)).access}` };
  const current = await (await request.get('/api/owner/settings/', { headers })).json();
  const saved = await request.put('/api/owner/settings/', {
    headers,
    data: { ...current, payments: { ...current.payments, activation, max_dues: maxDues } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The pattern of `key`'s sentence with `{date}` anything (the app writes the date its way). */
function withAnyDate(key: string): RegExp {
  const [before = '', after = ''] = msg(key, { date: '\u0000' }).split('\u0000');
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(before)}.+${literal(after)}$`);
}

for (const viewport of VIEWPORTS) {
  test(`settings refuse a ₹0 dues limit and start what a new policy allows (${viewport.name})`, async ({
    page,
    request,
  }) => {
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = viewport.phone ? '360' : '1366';
    const planId = await ensurePlan(request, COUNTER_PLAN);
    await setPolicy(request, 'full_payment', 0);
    counter += 1;
    const headers = { Authorization: `Bearer ${(await ownerTokens(request)).access}` };
    const enrolled = await request.post('/api/payments/admin/walk-ins/', {
      headers,
      data: {
        first_name: 'Gita',
        last_name: `Part${tag}`,
        phone: `6${String(Date.now() % 100_000_000).padStart(8, '0')}${counter % 10}`,
        user_type: 'regular',
        plan: planId,
        amount: 2500,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    const subscriptionId = (await enrolled.json()).subscription.id as number;

    try {
      await ownerLogsIn(page);
      await page.goto('/admin/settings');
      const payments = page.getByRole('region', { name: msg('settings.payments.title') });
      await payments
        .getByRole('radio', { name: msg('settings.payments.duesAllowed'), exact: true })
        .click();
      const maxDues = payments.getByLabel(msg('settings.payments.maxDues'));
      await maxDues.fill('0');
      await page.getByRole('button', { name: msg('settings.save'), exact: true }).click();
      const refusal = tx(
        'With dues allowed, enter the most a subscription may owe and still start (at least ₹1); to wait for full payment, choose full payment.',
      );
      await expect(maxDues).toHaveAccessibleDescription(
        new RegExp(refusal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await shot(page, `settings-dues-zero-${tag}`);

      await maxDues.fill('1000');
      await page.getByRole('button', { name: msg('settings.save'), exact: true }).click();
      const offer = page.getByRole('dialog', { name: msg('settings.startable.title') });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(`Gita Part${tag}`);
      await expect(offer).toContainText('₹500');
      await shot(page, `settings-startable-${tag}`);
      await offer
        .getByRole('button', { name: msg('settings.startable.start'), exact: true })
        .click();
      await expect(offer).toHaveCount(0);
      const started = await (
        await request.get(`/api/subscriptions/subscriptions/${subscriptionId}/`, { headers })
      ).json();
      expect(started).toMatchObject({ status: 'ACTIVE', amount_due: 500 });
    } finally {
      await setPolicy(request, 'full_payment', 0);
    }
  });

  test(`a plan bought while one runs waits its turn on My Subscriptions (${viewport.name})`, async ({
    page,
    request,
  }) => {
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = viewport.phone ? '360' : '1366';
    const [first, next] = [
      await ensurePlan(request, COUNTER_PLAN),
      await ensurePlan(request, NEXT_PLAN),
    ];
    const { tokens } = await apiCustomer(request, { complete: 'mess' });
    if (!tokens) throw new Error('no tokens');
    await apiPaidSubscription(request, tokens.access, first);
    await apiPaidSubscription(request, tokens.access, next);
    await signIn(page, tokens, '/subscriptions');
    const queued = page.getByRole('region', { name: NEXT_PLAN.name });
    await expect(queued.getByText(withAnyDate('subscriptions.card.startsOn'))).toBeVisible();
    await expect(queued).toContainText(msg('subscriptions.card.queued'));
    const running = page.getByRole('region', { name: COUNTER_PLAN.name });
    await expect(running.getByText(withAnyDate('subscriptions.card.startsOn'))).toHaveCount(0);
    await shot(page, `subscriptions-queued-${tag}`);
  });
}
