// Superuser Payments and Users: tabs All Payments, Recent 20, Failed, Pending Payments (recording
// money paid at the mess), Users, Active Subscribers, User Stats, and the Download CSV button that
// opens the export dialog.
import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { TabPanel, Tabs } from '../../../components/Tabs';
import { useSession } from '../../../session/SessionProvider';
import { muted, pageHeader, pageTitle, stack } from '../../../styles/utils.css';
import { ActiveSubscribersTab } from './ActiveSubscribersTab';
import { ExportDialog } from './ExportDialog';
import { AllPaymentsTab, FailedPaymentsTab, RecentPaymentsTab } from './PaymentsTabs';
import { PendingPaymentsTab } from './PendingPaymentsTab';
import { PAYMENT_DETAILS_UNAUTHORIZED, UNAUTHORIZED_TITLE } from './unauthorized';
import { UsersTab } from './UsersTab';
import { UserStatsTab } from './UserStatsTab';

const TABS = [
  { value: 'all', label: 'All Payments' },
  { value: 'recent', label: 'Recent 20' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending Payments' },
  { value: 'users', label: 'Users' },
  { value: 'subscribers', label: 'Active Subscribers' },
  { value: 'stats', label: 'User Stats' },
] as const;

export function SuperuserPage() {
  const { user } = useSession();
  // ?tab=users opens a tab directly (the owner's home links to the users list this way).
  const requestedTab = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTab] = useState<string>(
    TABS.some((candidate) => candidate.value === requestedTab) ? requestedTab! : 'all',
  );
  const [exporting, setExporting] = useState(false);
  const closeExport = useCallback(() => setExporting(false), []);

  if (user?.user_type !== 'mess_owner') {
    return (
      <Card role="alert">
        <h1>{UNAUTHORIZED_TITLE}</h1>
        <p>{PAYMENT_DETAILS_UNAUTHORIZED}</p>
      </Card>
    );
  }
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Superuser Payments and Users</h1>
          <p className={muted}>Payments, customers, active subscribers and statistics.</p>
        </div>
        <Button onClick={() => setExporting(true)}>Download CSV</Button>
      </header>
      <Tabs value={tab} onValueChange={setTab} label="Payments and users" tabs={TABS}>
        {/* Only the chosen tab mounts, so only its data is fetched. */}
        <TabPanel value="all">{tab === 'all' ? <AllPaymentsTab /> : null}</TabPanel>
        <TabPanel value="recent">{tab === 'recent' ? <RecentPaymentsTab /> : null}</TabPanel>
        <TabPanel value="failed">{tab === 'failed' ? <FailedPaymentsTab /> : null}</TabPanel>
        <TabPanel value="pending">{tab === 'pending' ? <PendingPaymentsTab /> : null}</TabPanel>
        <TabPanel value="users">{tab === 'users' ? <UsersTab /> : null}</TabPanel>
        <TabPanel value="subscribers">
          {tab === 'subscribers' ? <ActiveSubscribersTab /> : null}
        </TabPanel>
        <TabPanel value="stats">{tab === 'stats' ? <UserStatsTab /> : null}</TabPanel>
      </Tabs>
      <ExportDialog open={exporting} onClose={closeExport} />
    </div>
  );
}
