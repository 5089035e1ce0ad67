// Pending Payments tab: every subscription awaiting payment, newest first, each with a Record
// Payment button for money the customer paid at the mess.
import { useState } from 'react';
import { PAGE_SIZE } from '../../../api/admin';
import { usePendingSubscriptions, type PendingSubscription } from '../../../api/offline-payments';
import { Button } from '../../../components/Button';
import { Card, EmptyState } from '../../../components/Card';
import { Pager } from '../../../components/Filters';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatDateTime, formatRupees, serviceLabel } from '../../../lib/format';
import { muted, stack } from '../../../styles/utils.css';
import { RecordPaymentDialog } from './RecordPaymentDialog';

export function PendingPaymentsTab() {
  const [offset, setOffset] = useState(0);
  const [recording, setRecording] = useState<PendingSubscription | null>(null);
  const pending = usePendingSubscriptions(offset, PAGE_SIZE);
  useErrorToast(
    pending.isError,
    'Failed to Load Pending Payments',
    'Could not fetch subscriptions awaiting payment.',
  );

  const columns: Column<PendingSubscription>[] = [
    { key: 'id', header: 'Subscription', cell: (s) => `#${s.id}` },
    {
      key: 'customer',
      header: 'Customer',
      cell: (s) => `${s.user.full_name || s.user.username} (@${s.user.username})`,
    },
    { key: 'plan', header: 'Plan', cell: (s) => s.plan.name },
    { key: 'service', header: 'Service', cell: (s) => serviceLabel(s.subscription_type) },
    { key: 'due', header: 'Amount Due', cell: (s) => formatRupees(s.total_paid) },
    { key: 'created', header: 'Subscribed', cell: (s) => formatDateTime(s.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (s) => (
        <Button
          size="sm"
          onClick={() => setRecording(s)}
          aria-label={`Record payment: subscription #${s.id} of ${s.user.username}`}
        >
          Record Payment
        </Button>
      ),
    },
  ];

  return (
    <div className={stack}>
      <p className={muted}>
        Customers who paid at the mess in cash, by UPI or by bank transfer: record the payment to
        activate their subscription.
      </p>
      {pending.isPending ? (
        <PageSpinner label="Loading subscriptions awaiting payment" />
      ) : pending.isError ? (
        <Card role="alert">Could not fetch subscriptions awaiting payment.</Card>
      ) : pending.data.rows.length === 0 ? (
        <EmptyState title="No Pending Payments">
          <p className={muted}>Every subscription has been paid for.</p>
        </EmptyState>
      ) : (
        <Table
          caption="Subscriptions awaiting payment"
          columns={columns}
          rows={pending.data.rows}
          rowKey={(s) => s.id}
        />
      )}
      <Pager
        label="Subscriptions awaiting payment"
        offset={offset}
        limit={PAGE_SIZE}
        total={pending.data?.total ?? 0}
        onOffset={setOffset}
      />
      <RecordPaymentDialog subscription={recording} onClose={() => setRecording(null)} />
    </div>
  );
}
