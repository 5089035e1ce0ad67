// Pending Payments tab: every subscription awaiting payment, newest first, each with a Record
// Payment button for money the customer paid at the mess.
import { useState } from 'react';
import { PAGE_SIZE } from '@web/api/admin';
import {
  RecordPaymentDialog,
  usePendingSubscriptions,
  type PendingSubscription,
} from '@web/features/payment';
import { Button, SmallButton } from '@web/components/Button';
import { EmptyState } from '@web/components/Card';
import { PagedList } from '@web/components/Loaded';
import { Table, type Column, column } from '@web/components/Table';
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

  const columns: Column<PendingSubscription>[] = [
    column('id', t('superuser.column.subscription'), (s) => `#${s.id}`),
    column(
      'customer',
      t('superuser.column.customer'),
      (s) => `${s.user.full_name || s.user.username} (@${s.user.username})`,
    ),
    column('plan', t('superuser.column.plan'), (s) => s.plan.name),
    column('service', t('superuser.column.service'), (s) => serviceLabel(s.subscription_type)),
    column('price', moneyLabel('price'), (s) => formatRupees(s.total_paid)),
    column('paid', moneyLabel('paid'), (s) => formatRupees(s.amount_paid)),
    // What is owed: the price less any part payment (what the record form and a link start from).
    column('due', t('superuser.pending.amountDue'), (s) => formatRupees(s.amount_due)),
    column('created', t('superuser.pending.subscribed'), (s) => formatDateTime(s.created_at)),
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
          <SmallButton
            onClick={() => setLinking(s)}
            aria-label={t('superuser.link.openLabel', { id: s.id, username: s.user.username })}
          >
            {t('superuser.link.open')}
          </SmallButton>
          <SmallButton
            onClick={() => setShowingQr(s)}
            aria-label={t('superuser.qr.openLabel', { id: s.id, username: s.user.username })}
          >
            {t('superuser.qr.open')}
          </SmallButton>
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
      <PagedList
        read={pending}
        loading={t('superuser.pending.loading')}
        failed={t('superuser.pending.loadFailed')}
        toast={t('superuser.pending.loadFailedTitle')}
        empty={
          <EmptyState title={t('superuser.pending.none')}>
            <p className={muted}>{t('superuser.pending.allPaid')}</p>
          </EmptyState>
        }
        pager={{ label: t('superuser.pending.caption'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <Table
            caption={t('superuser.pending.caption')}
            columns={columns}
            rows={rows}
            rowKey={(s) => s.id}
          />
        )}
      </PagedList>
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
