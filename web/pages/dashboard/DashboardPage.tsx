// The customer's dashboard (a mess owner gets web/pages/admin/dashboard on the same path).
import { Link } from 'wouter';
import { useActiveSubscription, useFeedbackStats, usePayments } from '../../api/queries';
import { ButtonLink } from '../../components/Button';
import { Card, Details, StatCard, StatusBadge } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { formatDate, formatRupees, serviceLabel } from '../../lib/format';
import { useSession } from '../../session/SessionProvider';
import { muted, row, sectionTitle, stack, statGrid } from '../../styles/utils.css';
import * as styles from './DashboardPage.css';

/** The dashboard sums the 5 most recent payments (README: The web app's rules → Screens). */
const RECENT_PAYMENTS = 5;

/** While the subscription loads: its details' rows, so the cards below keep their place. */
const SAMPLE_DETAILS: Array<[string, string]> = [
  ['Plan', 'Monthly Mess Plan'],
  ['Type', 'Mess Service'],
  ['Total paid', '₹2,000'],
  ['Expires', '30 Jan 2026'],
  ['Started', '1 Jan 2026'],
  ['Leave days used', '0'],
];

export function DashboardPage() {
  const { user } = useSession();
  const active = useActiveSubscription();
  const payments = usePayments();
  const feedback = useFeedbackStats();
  if (!user) return null;
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
        <span>
          <span className={styles.hello}>Hello, {user.first_name || user.username}</span>
          <span className={muted}>@{user.username}</span>
        </span>
      </Link>

      <div className={statGrid}>
        <StatCard
          label="Active Subscription"
          value={active.isPending ? '…' : subscription ? 'Active' : 'None'}
        />
        <StatCard label="Days Remaining" value={subscription ? subscription.days_remaining : 0} />
        <StatCard label="Total Feedback" value={feedback.data?.total_feedbacks ?? 0} />
        <StatCard label="This Month Payments" value={formatRupees(recentTotal)} />
      </div>

      <div className={styles.columns}>
        <Card aria-labelledby="active-title">
          <h2 id="active-title" className={sectionTitle}>
            Active Subscription
          </h2>
          {active.isPending ? (
            <Skeleton loading label="Loading your subscription">
              <Details items={SAMPLE_DETAILS} />
            </Skeleton>
          ) : subscription ? (
            <Details
              items={[
                ['Plan', subscription.plan.name],
                ['Type', serviceLabel(subscription.subscription_type)],
                ['Total paid', formatRupees(subscription.total_paid)],
                ['Expires', formatDate(subscription.adjusted_end_date)],
                ['Started', formatDate(subscription.start_date)],
                ['Leave days used', String(subscription.leave_days)],
              ]}
            />
          ) : (
            <div className={stack}>
              <p>No Active Subscription</p>
              <div>
                <ButtonLink href="/plans">Browse Plans</ButtonLink>
              </div>
            </div>
          )}
        </Card>

        <Card aria-labelledby="payments-title">
          <h2 id="payments-title" className={sectionTitle}>
            Recent Payments
          </h2>
          {payments.isPending ? (
            <Skeleton loading label="Loading your payments">
              <ul className={styles.paymentList}>
                <li className={styles.paymentRow}>
                  <span>₹2,000 · 1 Jan 2026</span>
                  <StatusBadge status="SUCCESS" />
                </li>
              </ul>
            </Skeleton>
          ) : recent.length === 0 ? (
            <p className={muted}>No payments yet.</p>
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
          Quick actions
        </h2>
        <div className={row}>
          <ButtonLink href="/feedback" tone="secondary">
            Give Feedback
          </ButtonLink>
          <ButtonLink href="/leaves" tone="secondary">
            Request Leave
          </ButtonLink>
          <ButtonLink href="/payments" tone="secondary">
            Payment History
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
