// Owner dashboard: the business first (revenue, subscribers, work waiting, tomorrow's meals, 30
// days; docs/rules/owner-home.md), then the feedback statistics (docs/rules/feedback.md) and
// recent activity (first 5). Leave statistics live on /admin/leaves.
import { useFeedbackDashboardStats, useRecentActivity } from '@web/features/feedback';
import { useBusiness } from '@web/api/queries';
import { ButtonLink } from '@web/components/Button';
import { Badge, Card, EmptyState, StatCard } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { PageSpinner } from '@web/components/Spinner';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT } from '@web/i18n/i18n';
import { priorityLabel, priorityTone, typeLabel } from '@web/lib/feedback';
import { wordLabel, formatDate, formatDateTime } from '@web/lib/format';
import { useSession } from '@web/session/SessionProvider';
import { BusinessSummary } from './BusinessSummary';
import { greetingName } from './greeting';
import { cardHead, cardList } from '@web/styles/list.css';
import { muted, row, sectionTitle, stack, statGrid } from '@web/styles/utils.css';
import { PageHeader } from '@web/components/PageHeader';

/** The first 5 of recent activity (docs/web.md: Screens). */
const RECENT_ACTIVITY_COUNT = 5;

export function OwnerDashboard() {
  const t = useT();
  const { user } = useSession();
  const business = useBusiness();
  const name = greetingName(user, business.data?.name);
  const stats = useFeedbackDashboardStats();
  const recent = useRecentActivity();
  useErrorToast(stats.isError, t('owner.toast.error'), t('owner.loadFailed'));
  useErrorToast(recent.isError, t('owner.toast.error'), t('owner.recentFailed'));

  const s = stats.data;
  return (
    <div className={stack}>
      <PageHeader
        title={t(user?.user_type === 'manager' ? 'owner.managerTitle' : 'owner.title')}
        intro={name ? t('owner.welcomeName', { name }) : t('owner.welcome')}
      >
        <div className={row}>
          <ButtonLink href="/admin/kitchen" tone="primary">
            {t('owner.kitchenSheet')}
          </ButtonLink>
          <ButtonLink href="/admin/superuser" tone="secondary">
            {t('owner.paymentsUsers')}
          </ButtonLink>
        </div>
      </PageHeader>

      <BusinessSummary />

      <section aria-labelledby="feedback-stats" className={stack}>
        <h2 id="feedback-stats" className={sectionTitle}>
          {t('owner.feedbackStats')}
        </h2>
        {stats.isPending ? (
          <PageSpinner label={t('owner.loadingStats')} />
        ) : !s ? (
          <Card role="alert">{t('owner.loadFailed')}</Card>
        ) : (
          <div className={statGrid}>
            <StatCard label={t('owner.stat.total')} value={s.total_feedbacks} />
            <StatCard label={t('owner.stat.pending')} value={s.pending_feedback} />
            <StatCard label={t('owner.stat.open')} value={s.open_feedbacks} />
            <StatCard label={t('owner.stat.urgentComplaints')} value={s.urgent_complaints} />
            <StatCard label={t('owner.stat.urgentFeedback')} value={s.urgent_feedbacks} />
            <StatCard label={t('owner.stat.highPriority')} value={s.high_priority_feedbacks} />
            <StatCard label={t('owner.stat.foodComplaints')} value={s.food_complaints} />
            <StatCard label={t('owner.stat.general')} value={s.general_feedbacks} />
            <StatCard label={t('owner.stat.resolvedToday')} value={s.resolved_today} />
            <StatCard label={t('owner.stat.responseRate')} value={`${s.response_rate}%`} />
            <StatCard
              label={t('owner.stat.averageRating')}
              value={s.average_rating === null ? '—' : `${s.average_rating} / 5`}
            />
          </div>
        )}
      </section>

      {s && s.recent_complaints.length > 0 ? (
        <section aria-labelledby="recent-complaints" className={stack}>
          <h2 id="recent-complaints" className={sectionTitle}>
            {t('owner.recentComplaints')}
          </h2>
          <ul className={cardList} aria-label={t('owner.recentComplaintsList')}>
            {s.recent_complaints.slice(0, RECENT_ACTIVITY_COUNT).map((complaint) => (
              <li key={complaint.id}>
                <Card>
                  <div className={cardHead()}>
                    <strong>{complaint.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={complaint.status} lifecycle="feedback" />
                      <Badge tone={priorityTone(complaint.priority)}>
                        {t('owner.priority', { priority: priorityLabel(complaint.priority) })}
                      </Badge>
                    </span>
                  </div>
                  <p className={muted}>
                    {complaint.user.username} ·{' '}
                    {complaint.meal_type ? `${wordLabel(complaint.meal_type)}, ` : ''}
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
          {t('owner.recentActivity')}
        </h2>
        {recent.isPending ? (
          <PageSpinner label={t('owner.loadingRecent')} />
        ) : recent.isError ? (
          <Card role="alert">{t('owner.recentFailed')}</Card>
        ) : (recent.data ?? []).length === 0 ? (
          <EmptyState title={t('owner.noRecent')} />
        ) : (
          <ul className={cardList} aria-label={t('owner.recentFeedbackList')}>
            {(recent.data ?? []).slice(0, RECENT_ACTIVITY_COUNT).map((feedback) => (
              <li key={feedback.id}>
                <Card>
                  <div className={cardHead()}>
                    <strong>{feedback.subject}</strong>
                    <span className={row}>
                      <StatusBadge status={feedback.status} lifecycle="feedback" />
                      <Badge tone={priorityTone(feedback.priority)}>
                        {t('owner.priority', { priority: priorityLabel(feedback.priority) })}
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
            {t('owner.allFeedback')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
