// User Stats tab: the six user counts, as cards.
import { useUserStats } from '../../../api/admin';
import { Card, StatCard } from '../../../components/Card';
import { PageSpinner } from '../../../components/Spinner';
import { useErrorToast } from '../../../components/useErrorToast';
import { statGrid } from '../../../styles/utils.css';

export function UserStatsTab() {
  const stats = useUserStats();
  useErrorToast(stats.isError, 'Failed to Load User Stats', 'Could not fetch user stats.');
  if (stats.isPending) return <PageSpinner label="Loading user statistics" />;
  if (stats.isError) return <Card role="alert">Could not fetch user stats.</Card>;
  const s = stats.data;
  return (
    <div className={statGrid}>
      <StatCard label="Total Users" value={s.total_users} />
      <StatCard label="Active Users" value={s.active_users} />
      <StatCard label="Students" value={s.students} />
      <StatCard label="Regular Users" value={s.regular_users} />
      <StatCard label="Verified Users" value={s.verified_users} />
      <StatCard label="Active Subscriptions" value={s.users_with_active_subscriptions} />
    </div>
  );
}
