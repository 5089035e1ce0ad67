// Superuser Payments and Users: tabs All Payments, Recent 20, Failed, Pending Payments (recording
// money paid at the mess), Users, Active Subscribers, User Stats, and the Download CSV button that
// opens the export dialog.
import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId } from '@web/i18n/i18n';
import { useMayCall } from '@web/session/SessionProvider';
import { stack } from '@web/styles/utils.css';
import { ActiveSubscribersTab } from './ActiveSubscribersTab';
import { ExportDialog } from '@web/features/export';
import { AllPaymentsTab, FailedPaymentsTab, RecentPaymentsTab } from './PaymentsTabs';
import { PendingPaymentsTab } from './PendingPaymentsTab';
import { UNAUTHORIZED_MESSAGES } from '@web/i18n/unauthorized';
import { UsersTab } from './UsersTab';
import { UserStatsTab } from './UserStatsTab';

const TABS = [
  { value: 'all', label: 'superuser.tab.all' },
  { value: 'recent', label: 'superuser.tab.recent' },
  { value: 'failed', label: 'superuser.tab.failed' },
  { value: 'pending', label: 'superuser.tab.pending' },
  { value: 'users', label: 'superuser.tab.users' },
  { value: 'subscribers', label: 'superuser.tab.subscribers' },
  { value: 'stats', label: 'superuser.tab.stats' },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId }>;

export function SuperuserPage() {
  const t = useT();
  const mayCall = useMayCall();
  // ?tab=users opens a tab directly (the owner's home links to the users list this way).
  const requestedTab = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTab] = useState<string>(
    TABS.some((candidate) => candidate.value === requestedTab) ? requestedTab! : 'all',
  );
  const [exporting, setExporting] = useState(false);
  const closeExport = useCallback(() => setExporting(false), []);

  if (!mayCall('adminListPayments')) {
    return (
      <Card role="alert">
        <h1>{t(UNAUTHORIZED_MESSAGES.title)}</h1>
        <p>{t(UNAUTHORIZED_MESSAGES.paymentDetails)}</p>
      </Card>
    );
  }
  return (
    <div className={stack}>
      <PageHeader title={t('superuser.title')} intro={t('superuser.subtitle')}>
        <Button onClick={() => setExporting(true)}>{t('superuser.downloadCsv')}</Button>
      </PageHeader>
      <Tabs
        value={tab}
        onValueChange={setTab}
        label={t('superuser.tabs.label')}
        tabs={TABS.map(({ value, label }) => ({ value, label: t(label) }))}
      >
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
