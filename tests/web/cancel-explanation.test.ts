// The cancel dialog names what moved the last meals past the paid days (issue 37, item 8), each
// cause with its days, in English and Hindi: a pending leave, a closed day or the owner's days are
// never called "leave".
import { beforeAll, describe, expect, it } from 'vitest';
import { refundExplanation } from '../../web/features/subscription/cancel-explanation';
import { i18n, loadAppMessages, loadMessages, setMessageLoaders, t } from '../../web/i18n/i18n';

const preview = (moved: { leave_days: number; closed_days: number; owner_days: number }) => ({
  subscription_id: 1,
  refund_amount: 1000,
  paid_days: 30,
  used_days: 10,
  leave_days_taken: 0,
  unused_paid_days: 20,
  base_end_date: '2031-03-30',
  adjusted_end_date: '2031-04-02',
  end_date_moved_by: moved,
  has_successful_payment: true,
});

beforeAll(() => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
});

describe('what moved the last meals', () => {
  it('names each cause with its days, in English', async () => {
    i18n.activate('en');
    await Promise.all([loadAppMessages(), loadMessages('subscriptions')]);
    const closedOnly = refundExplanation(
      t,
      preview({ leave_days: 0, closed_days: 3, owner_days: 0 }),
    );
    expect(closedOnly).toContain(
      'Your last meals moved to 2 Apr 2031 for 3 days the mess was closed; none of these are paid days.',
    );
    expect(closedOnly).not.toMatch(/leave/i);
    expect(
      refundExplanation(t, preview({ leave_days: 1, closed_days: 1, owner_days: 1 })),
    ).toContain('for 1 day of approved leave, 1 day the mess was closed and 1 day the mess added;');
    expect(
      refundExplanation(t, preview({ leave_days: 0, closed_days: 0, owner_days: 0 })),
    ).toContain('Your last meals moved to 2 Apr 2031; the days added are not paid days.');
  });

  it('names each cause in Hindi', async () => {
    i18n.activate('hi');
    await Promise.all([loadAppMessages(), loadMessages('subscriptions')]);
    const text = refundExplanation(t, preview({ leave_days: 2, closed_days: 0, owner_days: 1 }));
    expect(text).toContain('स्वीकृत छुट्टी के 2 दिन');
    expect(text).toContain('मेस द्वारा जोड़े गए 1 दिन');
    expect(text).not.toMatch(/[a-z]{3,}/);
    i18n.activate('en');
  });
});
