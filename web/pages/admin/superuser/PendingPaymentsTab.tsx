// Pending Payments tab: every subscription awaiting payment, newest first, each with a Record
// Payment button for money the customer paid at the mess.
import { useState } from 'react';
import { PAGE_SIZE } from '@web/api/admin';
import {
  RecordPaymentDialog,
  usePendingSubscriptions,
  type PendingSubscription,
} from '@web/features/payment';
import { Button } from '@web/components/Button';
import { Card, EmptyState } from '@web/components/Card';
import { Pager } from '@web/components/Filters';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT } from '@web/i18n/i18n';
import { formatDateTime, formatRupees, moneyLabel, serviceLabel } from '@web/lib/format';
import { muted, stack } from '@web/styles/utils.css';
import { CounterQrDialog } from '@web/features/counter-qr';
import { PaymentLinkDialog, paymentLinkStyles } from '@web/features/payment-link';
import { WalkInDialog } from '@web/features/walk-in';

const rowActions = paymentLinkStyles.actions;

export function PendingPaymentsTab() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const [recording, setRecording] = useState<PendingSubscription | null>(null);
  const [linking, setLinking] = useState<PendingSubscription | null>(null);
  const [showingQr, setShowingQr] = useState<PendingSubscription | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const pending = usePendingSubscriptions(offset, PAGE_SIZE);
  useErrorToast(
    pending.isError,
    t('superuser.pending.loadFailedTitle'),
    t('superuser.pending.loadFailed'),
  );

  const columns: Column<PendingSubscription>[] = [
    { key: 'id', header: t('superuser.column.subscription'), cell: (s) => `#${s.id}` },
    {
      key: 'customer',
      header: t('superuser.column.customer'),
      cell: (s) => `${s.user.full_name || s.user.username} (@${s.user.username})`,
    },
    { key: 'plan', header: t('superuser.column.plan'), cell: (s) => s.plan.name },
    {
      key: 'service',
      header: t('superuser.column.service'),
      cell: (s) => serviceLabel(s.subscription_type),
    },
    { key: 'price', header: moneyLabel('price'), cell: (s) => formatRupees(s.total_paid) },
    { key: 'paid', header: moneyLabel('paid'), cell: (s) => formatRupees(s.amount_paid) },
    // What is owed: the price less any part payment (what the record form and a link start from).
    {
      key: 'due',
      header: t('superuser.pending.amountDue'),
      cell: (s) => formatRupees(s.amount_due),
    },
    {
      key: 'created',
      header: t('superuser.pending.subscribed'),
      cell: (s) => formatDateTime(s.created_at),
    },
    {
      key: 'actions',
      header: t('superuser.column.actions'),
      cell: (s) => (
        <div className={rowActions}>
          <Button
            size="sm"
            onClick={() => setRecording(s)}
            aria-label={t('superuser.pending.recordLabel', { id: s.id, username: s.user.username })}
          >
            {t('superuser.recordPayment')}
          </Button>
          <Button
            size="sm"
            tone="secondary"
            onClick={() => setLinking(s)}
            aria-label={t('superuser.link.openLabel', { id: s.id, username: s.user.username })}
          >
            {t('superuser.link.open')}
          </Button>
          <Button
            size="sm"
            tone="secondary"
            onClick={() => setShowingQr(s)}
            aria-label={t('superuser.qr.openLabel', { id: s.id, username: s.user.username })}
          >
            {t('superuser.qr.open')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={stack}>
      <p className={muted}>{t('superuser.pending.intro')}</p>
      <div>
        <Button onClick={() => setEnrolling(true)}>{t('superuser.walkIn.open')}</Button>
      </div>
      {pending.isPending ? (
        <PageSpinner label={t('superuser.pending.loading')} />
      ) : pending.isError ? (
        <Card role="alert">{t('superuser.pending.loadFailed')}</Card>
      ) : pending.data.rows.length === 0 ? (
        <EmptyState title={t('superuser.pending.none')}>
          <p className={muted}>{t('superuser.pending.allPaid')}</p>
        </EmptyState>
      ) : (
        <Table
          caption={t('superuser.pending.caption')}
          columns={columns}
          rows={pending.data.rows}
          rowKey={(s) => s.id}
        />
      )}
      <Pager
        label={t('superuser.pending.caption')}
        offset={offset}
        limit={PAGE_SIZE}
        total={pending.data?.total ?? 0}
        onOffset={setOffset}
      />
      <RecordPaymentDialog subscription={recording} onClose={() => setRecording(null)} />
      <PaymentLinkDialog subscription={linking} onClose={() => setLinking(null)} />
      <CounterQrDialog
        subscription={showingQr}
        onClose={() => setShowingQr(null)}
        onRecord={(subscription) => {
          setShowingQr(null);
          setRecording(subscription);
        }}
      />
      <WalkInDialog open={enrolling} onClose={() => setEnrolling(false)} />
    </div>
  );
}
