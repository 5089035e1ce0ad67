// Owner dashboard: the business first (revenue, subscribers, work waiting, tomorrow's meals, 30
// days; README: Business rules → The owner's home), then the feedback statistics (README:
// Business rules → Feedback) and recent activity (first 5). Leave statistics live on /admin/leaves.
import { useFeedbackDashboardStats, useRecentActivity } from '../../../api/admin';
import { ButtonLink } from '../../../components/Button';
import { Badge, Card, EmptyState, StatCard, StatusBadge } from '../../../components/Card';
import { PageSpinner } from '../../../components/Spinner';
import { useErrorToast } from '../../../components/useErrorToast';
import { priorityLabel, priorityTone, typeLabel } from '../../../lib/feedback';
import { capitalise, formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../session/SessionProvider';
import { BusinessSummary } from './BusinessSummary';
import { cardHead, cardList } from '../../../styles/list.css';
import {
  muted,
  pageHeader,
  pageTitle,
  row,
  sectionTitle,
  stack,
  statGrid,
} from '../../../styles/utils.css';

/** The first 5 of recent activity (README: The web app's rules → Screens). */
const RECENT_ACTIVITY_COUNT = 5;

export function OwnerDashboard() {
  const { user } = useSession();
  const stats = useFeedbackDashboardStats();
  const recent = useRecentActivity();
  useErrorToast(stats.isError, 'Error', 'Failed to load dashboard data');
  useErrorToast(recent.isError, 'Error', 'Failed to load recent activity');

  const s = stats.data;
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Owner Dashboard</h1>
          <p className={muted}>
            Welcome back{user ? `, ${user.first_name || user.username}` : ''}.
          </p>
        </div>
        <div className={row}>
          <ButtonLink href="/admin/kitchen" tone="primary">
            Kitchen Sheet
          </ButtonLink>
          <ButtonLink href="/admin/superuser" tone="secondary">
            Payments &amp; Users
          </ButtonLink>
        </div>
      </header>

      <BusinessSummary />

      <section aria-labelledby="feedback-stats" className={stack}>
        <h2 id="feedback-stats" className={sectionTitle}>
          Feedback statistics
        </h2>
        {stats.isPending ? (
          <PageSpinner label="Loading statistics" />
        ) : !s ? (
          <Card role="alert">Failed to load dashboard data</Card>
        ) : (
          <div className={statGrid}>
            <StatCard label="Total Feedback" value={s.total_feedbacks} />
            <StatCard label="Pending Feedback" value={s.pending_feedback} />
            <StatCard label="Open Feedback" value={s.open_feedbacks} />
            <StatCard label="Urgent Complaints" value={s.urgent_complaints} />
            <StatCard label="Urgent Feedback" value={s.urgent_feedbacks} />
            <StatCard label="High Priority" value={s.high_priority_feedbacks} />
            <StatCard label="Food Complaints" value={s.food_complaints} />
            <StatCard label="General Feedback" value={s.general_feedbacks} />
            <StatCard label="Resolved Today" value={s.resolved_today} />
            <StatCard label="Response Rate" value={`${s.response_rate}%`} />
            <StatCard
              label="Average Rating"
              value={s.average_rating === null ? '—' : `${s.average_rating} / 5`}
            />
          </div>
        )}
      </section>

      {s && s.recent_complaints.length > 0 ? (
        <section aria-labelledby="recent-complaints" className={stack}>
          <h2 id="recent-complaints" className={sectionTitle}>
            Recent complaints
          </h2>
          <ul className={cardList} aria-label="Recent food complaints">
            {s.recent_complaints.slice(0, RECENT_ACTIVITY_COUNT).map((complaint) => (
              <li key={complaint.id}>
                <Card>
                  <div className={cardHead()}>
                    <strong>{complaint.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={complaint.status} lifecycle="feedback" />
                      <Badge tone={priorityTone(complaint.priority)}>
                        Priority: {priorityLabel(complaint.priority)}
                      </Badge>
                    </span>
                  </div>
                  <p className={muted}>
                    {complaint.user.username} ·{' '}
                    {complaint.meal_type ? `${capitalise(complaint.meal_type)}, ` : ''}
                    {formatDate(complaint.meal_date ?? complaint.created_at)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="recent-activity" className={stack}>
        <h2 id="recent-activity" className={sectionTitle}>
          Recent activity
        </h2>
        {recent.isPending ? (
          <PageSpinner label="Loading recent activity" />
        ) : recent.isError ? (
          <Card role="alert">Failed to load recent activity</Card>
        ) : (recent.data ?? []).length === 0 ? (
          <EmptyState title="No Recent Activity" />
        ) : (
          <ul className={cardList} aria-label="Recent feedback">
            {(recent.data ?? []).slice(0, RECENT_ACTIVITY_COUNT).map((feedback) => (
              <li key={feedback.id}>
                <Card>
                  <div className={cardHead()}>
                    <strong>{feedback.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={feedback.status} lifecycle="feedback" />
                      <Badge tone={priorityTone(feedback.priority)}>
                        Priority: {priorityLabel(feedback.priority)}
                      </Badge>
                    </span>
                  </div>
                  <p className={muted}>
                    {typeLabel(feedback.feedback_type)} · {feedback.user.username} ·{' '}
                    {formatDateTime(feedback.updated_at)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <div className={row}>
          <ButtonLink href="/admin/feedback" tone="secondary" size="sm">
            All feedback
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
