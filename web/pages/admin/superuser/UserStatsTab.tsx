// User Stats tab: the six user counts, as cards.
import { useUserStats } from '@web/api/admin';
import { Card, StatCard } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT } from '@web/i18n/i18n';
import { statGrid } from '@web/styles/utils.css';

export function UserStatsTab() {
  const t = useT();
  const stats = useUserStats();
  useErrorToast(
    stats.isError,
    t('superuser.stats.loadFailedTitle'),
    t('superuser.stats.loadFailed'),
  );
  if (stats.isPending) return <PageSpinner label={t('superuser.stats.loading')} />;
  if (stats.isError) return <Card role="alert">{t('superuser.stats.loadFailed')}</Card>;
  const s = stats.data;
  return (
    <div className={statGrid}>
      <StatCard label={t('superuser.stats.totalUsers')} value={s.total_users} />
      <StatCard label={t('superuser.stats.activeUsers')} value={s.active_users} />
      <StatCard label={t('superuser.stats.students')} value={s.students} />
      <StatCard label={t('superuser.stats.regularUsers')} value={s.regular_users} />
      <StatCard label={t('superuser.stats.verifiedUsers')} value={s.verified_users} />
      <StatCard
        label={t('superuser.stats.activeSubscriptions')}
        value={s.users_with_active_subscriptions}
      />
    </div>
  );
}
