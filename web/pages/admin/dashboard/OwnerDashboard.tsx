// Owner dashboard: the feedback statistics of spec §3, recent activity (first 5) and leave statistics.
import { RECENT_ACTIVITY_COUNT } from '../constants';
import { ButtonLink } from '../../../components/Button';
import { Badge, Card, EmptyState, StatCard, StatusBadge } from '../../../components/Card';
import { PageSpinner } from '../../../components/Spinner';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../session/SessionProvider';
import {
  muted,
  pageHeader,
  pageTitle,
  row,
  sectionTitle,
  stack,
  statGrid,
} from '../../../styles/utils.css';
import { useFeedbackDashboardStats, useLeaveStats, useRecentActivity } from '../adminApi';
import * as styles from '../components/admin.css';
import { useErrorToast } from '../components/useErrorToast';
import { priorityTone, typeLabel } from '../feedback/feedbackLabels';

export function OwnerDashboard() {
  const { user } = useSession();
  const stats = useFeedbackDashboardStats();
  const recent = useRecentActivity();
  const leaves = useLeaveStats();
  useErrorToast(stats.isError, 'Error', 'Failed to load dashboard data');
  useErrorToast(recent.isError, 'Error', 'Failed to load recent activity');
  useErrorToast(leaves.isError, 'Failed to Load Stats', 'Could not fetch leave statistics.');

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
          <ul className={styles.cardList} aria-label="Recent food complaints">
            {s.recent_complaints.slice(0, RECENT_ACTIVITY_COUNT).map((complaint) => (
              <li key={complaint.id}>
                <Card>
                  <div className={styles.cardHeader}>
                    <strong>{complaint.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={complaint.status} />
                      <Badge tone={priorityTone(complaint.priority)}>
                        Priority: {complaint.priority}
                      </Badge>
                    </span>
                  </div>
                  <p className={muted}>
                    {complaint.user.username} ·{' '}
                    {complaint.meal_type ? `${complaint.meal_type}, ` : ''}
                    {formatDate(complaint.meal_date ?? complaint.created_at)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="leave-stats" className={stack}>
        <h2 id="leave-stats" className={sectionTitle}>
          Leave statistics
        </h2>
        {leaves.data ? (
          <div className={statGrid}>
            <StatCard label="Pending Leaves" value={leaves.data.pending_leaves} />
            <StatCard label="Approved Today" value={leaves.data.approved_leaves_today} />
            <StatCard label="Leaves This Month" value={leaves.data.total_leaves_this_month} />
          </div>
        ) : leaves.isPending ? (
          <PageSpinner label="Loading leave statistics" />
        ) : (
          <Card role="alert">Could not fetch leave statistics.</Card>
        )}
        <div className={row}>
          <ButtonLink href="/admin/leaves" tone="secondary" size="sm">
            Review leave requests
          </ButtonLink>
        </div>
      </section>

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
          <ul className={styles.cardList} aria-label="Recent feedback">
            {(recent.data ?? []).slice(0, RECENT_ACTIVITY_COUNT).map((feedback) => (
              <li key={feedback.id}>
                <Card>
                  <div className={styles.cardHeader}>
                    <strong>{feedback.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={feedback.status} />
                      <Badge tone={priorityTone(feedback.priority)}>
                        Priority: {feedback.priority}
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
