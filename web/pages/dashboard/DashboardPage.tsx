// The customer's dashboard (a mess owner gets web/pages/admin/dashboard on the same path). The Next
// meal card comes first, under the greeting (issue 37, item 7): on a phone above the spec's stat
// tiles, on a desktop beside them.
import { Link } from 'wouter';
import { useUpcomingMeals } from '@web/api/queries';
import { useMenu } from '@web/features/menu';
import { useActiveSubscription } from '@web/features/subscription';
import { useFeedbackStats } from '@web/features/feedback';
import { usePayments } from '@web/features/payment';
import { ButtonLink } from '@web/components/Button';
import { Card, Details, StatCard } from '@web/components/Card';
import { HoldBanner } from '@web/features/dues';
import { StatusBadge } from '@web/components/StatusBadge';
import { Skeleton } from '@web/components/Skeleton';
import { planText } from '@web/i18n/labels';
import { useT, type Translate } from '@web/i18n/i18n';
import { formatDate, formatRupees, serviceLabel, subscriptionMoneyItems } from '@web/lib/format';
import { MenuToday } from '@web/pages/menu/MenuToday'; // eslint-disable-line no-restricted-imports -- the menu page's part, shown here as issue 20 asks
import { useSession } from '@web/session/SessionProvider';
import { muted, row, sectionTitle, stack, statGrid } from '@web/styles/utils.css';
import * as styles from './DashboardPage.css';
import { NextMealCard } from './NextMealCard';

/** The dashboard sums the 5 most recent payments (docs/web.md: Screens). */
const RECENT_PAYMENTS = 5;

/** While the subscription loads: its details' rows, so the cards below keep their place. */
const sampleDetails = (t: Translate): Array<[string, string]> => [
  [t('dashboard.detail.plan'), t('dashboard.samplePlan')],
  [t('dashboard.detail.type'), serviceLabel('mess')],
  ...subscriptionMoneyItems({
    total_paid: 2000,
    amount_paid: 2000,
    amount_refunded: 0,
    amount_due: 0,
  }),
  [t('dashboard.detail.expires'), formatDate('2026-01-30')],
  [t('dashboard.detail.started'), formatDate('2026-01-01')],
  [t('dashboard.detail.leaveDaysUsed'), '0'],
];

export function DashboardPage() {
  const { user } = useSession();
  const active = useActiveSubscription();
  const payments = usePayments();
  const feedback = useFeedbackStats();
  // The same reads as the Next meal card's: asked once.
  const meals = useUpcomingMeals();
  const menu = useMenu();
  const t = useT();
  if (!user) return null;
  // The Next meal card's size is known once its meals and their dishes have come (or failed): what
  // follows the card waits for them, so nothing on screen moves when they arrive. All the reads
  // start together above, so the wait is one round trip, not one after another.
  const cardSettled = !meals.isLoading && !menu.isLoading;
  const recent = (payments.data ?? []).slice(0, RECENT_PAYMENTS);
  const recentTotal = recent.reduce((sum, payment) => sum + payment.amount_inr, 0);
  const subscription = active.data ?? null;
  const initial = (user.first_name || user.username).charAt(0).toUpperCase();

  return (
    <div className={stack}>
      <Link href="/profile" className={styles.header}>
        <span className={styles.initial} aria-hidden="true">
          {initial}
        </span>
        <div>
          {/* The page's heading: the greeting (a screen reader's list of headings starts here). */}
          <h1 className={styles.hello}>
            {t('dashboard.hello', { name: user.first_name || user.username })}
          </h1>
          <span className={muted}>@{user.username}</span>
        </div>
      </Link>
      <HoldBanner />

      <div className={styles.lead}>
        <NextMealCard />
        {cardSettled ? (
          <div className={`${statGrid} ${styles.tiles}`}>
            <StatCard
              label={t('dashboard.activeSubscription')}
              value={
                active.isPending
                  ? '…'
                  : subscription
                    ? t('dashboard.stat.active')
                    : t('dashboard.stat.none')
              }
            />
            <StatCard
              label={t('dashboard.stat.daysRemaining')}
              value={subscription ? subscription.days_remaining : 0}
            />
            <StatCard
              label={t('dashboard.stat.totalFeedback')}
              value={feedback.data?.total_feedbacks ?? 0}
            />
            <StatCard label={t('dashboard.stat.monthPayments')} value={formatRupees(recentTotal)} />
          </div>
        ) : null}
      </div>

      {cardSettled ? (
        <>
          <div className={styles.columns}>
            <Card aria-labelledby="active-title">
              <h2 id="active-title" className={sectionTitle}>
                {t('dashboard.activeSubscription')}
              </h2>
              {active.isPending ? (
                <Skeleton loading label={t('dashboard.loadingSubscription')}>
                  <Details items={sampleDetails(t)} />
                </Skeleton>
              ) : subscription ? (
                <Details
                  items={[
                    [
                      t('dashboard.detail.plan'),
                      planText(subscription.plan.name, subscription.plan.name_hi),
                    ],
                    [t('dashboard.detail.type'), serviceLabel(subscription.subscription_type)],
                    ...subscriptionMoneyItems(subscription),
                    [t('dashboard.detail.expires'), formatDate(subscription.adjusted_end_date)],
                    [t('dashboard.detail.started'), formatDate(subscription.start_date)],
                    [t('dashboard.detail.leaveDaysUsed'), String(subscription.leave_days)],
                  ]}
                />
              ) : (
                <div className={stack}>
                  <p>{t('dashboard.noActiveSubscription')}</p>
                  <div>
                    <ButtonLink href="/plans">{t('dashboard.browsePlans')}</ButtonLink>
                  </div>
                </div>
              )}
            </Card>

            <Card aria-labelledby="payments-title">
              <h2 id="payments-title" className={sectionTitle}>
                {t('dashboard.recentPayments')}
              </h2>
              {payments.isPending ? (
                <Skeleton loading label={t('dashboard.loadingPayments')}>
                  <ul className={styles.paymentList}>
                    <li className={styles.paymentRow}>
                      <span>
                        {formatRupees(2000)} · {formatDate('2026-01-01')}
                      </span>
                      <StatusBadge status="SUCCESS" />
                    </li>
                  </ul>
                </Skeleton>
              ) : recent.length === 0 ? (
                <p className={muted}>{t('dashboard.noPayments')}</p>
              ) : (
                <ul className={styles.paymentList}>
                  {recent.map((payment) => (
                    <li key={payment.id} className={styles.paymentRow}>
                      <span>
                        <strong>{formatRupees(payment.amount_inr)}</strong>
                        <span className={muted}> · {formatDate(payment.created_at)}</span>
                      </span>
                      <StatusBadge status={payment.status} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>

          <Card aria-labelledby="quick-title">
            <h2 id="quick-title" className={sectionTitle}>
              {t('dashboard.quickActions')}
            </h2>
            <div className={row}>
              <ButtonLink href="/feedback" tone="secondary">
                {t('dashboard.giveFeedback')}
              </ButtonLink>
              <ButtonLink href="/leaves" tone="secondary">
                {t('dashboard.requestLeave')}
              </ButtonLink>
              <ButtonLink href="/payments" tone="secondary">
                {t('dashboard.paymentHistory')}
              </ButtonLink>
            </div>
          </Card>

          <MenuToday />
        </>
      ) : null}
    </div>
  );
}
