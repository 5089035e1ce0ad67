// User Stats tab: the six user counts, as cards.
import { useUserStats } from '@web/api/admin';
import { StatCard } from '@web/components/Card';
import { Loaded } from '@web/components/Loaded';
import { useT } from '@web/i18n/i18n';
import { statGrid } from '@web/styles/utils.css';

export function UserStatsTab() {
  const t = useT();
  return (
    <Loaded
      read={useUserStats()}
      loading={t('superuser.stats.loading')}
      failed={t('superuser.stats.loadFailed')}
      toast={t('superuser.stats.loadFailedTitle')}
    >
      {(s) => (
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
      )}
    </Loaded>
  );
}
