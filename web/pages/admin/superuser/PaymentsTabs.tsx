// The payment tabs of Superuser Payments and Users (All Payments, Recent 20, Failed), the payment
// details modal, and a successful payment's receipt (the customer's dialog: view, print, PDF).
import { useState } from 'react';
import { receiptAvailable } from '@machines/payment';
import { PAGE_SIZE } from '@web/api/admin';
import {
  useAdminPayment,
  useAdminPayments,
  useFailedPayments,
  useRecentPayments,
  type AdminPayment,
  type PaymentsQuery,
} from '@web/features/payment';
import { ApiError } from '@web/api/errors';
import { Button, SmallButton } from '@web/components/Button';
import { Card, Details, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { useT, type Translate } from '@web/i18n/i18n';
import { lifecycleLabel, personName } from '@web/i18n/labels';
import { Dialog } from '@web/components/Dialog';
import { Loaded, PagedList } from '@web/components/Loaded';
import { ReceiptDialog, useReceiptPdf, type ReceiptOf } from '@web/components/ReceiptDialog';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column, column } from '@web/components/Table';
import { useErrorToast } from '@web/components/useErrorToast';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  serviceLabel,
  subscriptionMoneyItems,
} from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { useMayCall } from '@web/session/SessionProvider';
import { row, stack } from '@web/styles/utils.css';
import * as styles from './SuperuserPage.css';
import { gatewayText, paymentModeText } from '@web/features/payment';
import { UNAUTHORIZED_MESSAGES } from '@web/i18n/unauthorized';
import { AllOrFilter, SearchToolbar, useSearchText } from './SearchToolbar';

/** The Recent 20 tab shows the latest 20 payments. */
const RECENT_PAYMENTS_COUNT = 20;

/** A successful payment's receipt number, as a button that opens the receipt; else a dash. */
function ReceiptButton({
  payment,
  onReceipt,
}: {
  payment: AdminPayment;
  onReceipt: (payment: ReceiptOf) => void;
}) {
  const t = useT();
  if (!receiptAvailable(payment.status) || !payment.receipt_number) return <>—</>;
  return (
    <Button
      size="sm"
      tone="ghost"
      className={styles.receiptNumber}
      onClick={() => onReceipt(payment)}
      aria-label={t('ui.receipt.viewLabel', { number: payment.receipt_number })}
    >
      {payment.receipt_number}
    </Button>
  );
}

function paymentColumns(
  t: Translate,
  onView: (payment: AdminPayment) => void,
  onReceipt: (payment: ReceiptOf) => void,
): Column<AdminPayment>[] {
  return [
    column('id', t('superuser.column.id'), (p) => `#${p.id}`),
    {
      key: 'user',
      header: t('superuser.column.user'),
      cell: (p) =>
        `${personName(`${p.user.first_name} ${p.user.last_name}`.trim()) || p.user.username} (@${p.user.username})`,
    },
    column('plan', t('superuser.column.plan'), (p) => p.plan.name),
    column('amount', t('superuser.column.amount'), (p) => formatRupees(p.amount_inr)),
    column('status', t('superuser.column.status'), (p) => (
      <StatusBadge status={p.status} lifecycle="payment" />
    )),
    column('gateway', t('superuser.column.gateway'), (p) => gatewayText(p.payment_gateway)),
    column('date', t('superuser.column.date'), (p) => formatDateTime(p.created_at)),
    column('receipt', t('superuser.column.receipt'), (p) => (
      <ReceiptButton payment={p} onReceipt={onReceipt} />
    )),
    {
      key: 'actions',
      header: t('superuser.column.actions'),
      cell: (p) => (
        <SmallButton
          onClick={() => onView(p)}
          aria-label={t('superuser.payments.viewMoreLabel', { id: p.id })}
        >
          {t('superuser.payments.viewMore')}
        </SmallButton>
      ),
    },
  ];
}

function PaymentTable({
  caption,
  rows,
  empty,
}: {
  caption: string;
  rows: AdminPayment[];
  empty: string;
}) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  const [receiptFor, setReceiptFor] = useState<ReceiptOf | null>(null);
  const receiptPdf = useReceiptPdf();
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <Table
        caption={caption}
        columns={paymentColumns(t, (p) => setViewing(p.id), setReceiptFor)}
        rows={rows}
        rowKey={(p) => p.id}
      />
      <PaymentDetailsDialog
        id={viewing}
        onClose={() => setViewing(null)}
        onReceipt={setReceiptFor}
        onDownload={receiptPdf.download}
        downloading={receiptPdf.downloading}
      />
      <ReceiptDialog payment={receiptFor} pdf={receiptPdf} onClose={() => setReceiptFor(null)} />
    </>
  );
}

/** The payment statuses the status filter offers, named as the payment lifecycle names them. */
const STATUSES = ['SUCCESS', 'PENDING', 'INITIATED', 'FAILED'] as const;

export function AllPaymentsTab() {
  const t = useT();
  const [status, setStatus] = useState('all');
  const search = useSearchText();
  const [offset, setOffset] = usePageOffset([search.query, status]);
  const query: PaymentsQuery = {
    limit: PAGE_SIZE,
    offset,
    ...(status === 'all' ? {} : { status: status as NonNullable<PaymentsQuery['status']> }),
    ...(search.query ? { search: search.query } : {}),
  };
  return (
    <div className={stack}>
      <SearchToolbar
        label={t('superuser.payments.search')}
        placeholder={t('superuser.payments.searchPlaceholder')}
        search={search}
      >
        <AllOrFilter
          label={t('superuser.column.status')}
          value={status}
          onValueChange={setStatus}
          options={[
            ...STATUSES.map((value) => ({ value, label: lifecycleLabel('payment', value) })),
          ]}
        />
      </SearchToolbar>
      <PagedList
        read={useAdminPayments(query)}
        loading={t('superuser.payments.loading')}
        failed={t('superuser.payments.loadFailed')}
        toast={t('superuser.payments.loadFailedTitle')}
        pager={{ label: t('superuser.payments.pager'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <PaymentTable
            caption={t('superuser.payments.caption')}
            rows={rows}
            empty={t('superuser.payments.none')}
          />
        )}
      </PagedList>
    </div>
  );
}

export function RecentPaymentsTab() {
  const t = useT();
  return (
    <Loaded
      read={useRecentPayments()}
      loading={t('superuser.recent.loading')}
      failed={t('superuser.recent.loadFailed')}
      toast={t('superuser.recent.loadFailedTitle')}
    >
      {(payments) => (
        <PaymentTable
          caption={t('superuser.recent.caption', { count: RECENT_PAYMENTS_COUNT })}
          rows={payments.slice(0, RECENT_PAYMENTS_COUNT)}
          empty={t('superuser.payments.none')}
        />
      )}
    </Loaded>
  );
}

export function FailedPaymentsTab() {
  const t = useT();
  return (
    <Loaded
      read={useFailedPayments()}
      loading={t('superuser.failed.loading')}
      failed={t('superuser.failed.loadFailed')}
      toast={t('superuser.failed.loadFailedTitle')}
    >
      {(payments) => (
        <PaymentTable
          caption={t('superuser.failed.caption')}
          rows={payments}
          empty={t('superuser.failed.none')}
        />
      )}
    </Loaded>
  );
}

function PaymentDetailsDialog({
  id,
  onClose,
  onReceipt,
  onDownload,
  downloading,
}: {
  id: number | null;
  onClose: () => void;
  onReceipt: (payment: ReceiptOf) => void;
  onDownload: (payment: ReceiptOf) => void;
  downloading: (payment: ReceiptOf) => boolean;
}) {
  const t = useT();
  const isOwner = useMayCall()('adminGetPayment');
  const payment = useAdminPayment(isOwner ? id : null);
  const forbidden = !isOwner || (payment.error instanceof ApiError && payment.error.status === 403);
  useErrorToast(
    payment.isError && !forbidden,
    t('superuser.payment.loadFailedTitle'),
    t('superuser.payment.loadFailed'),
  );
  const p = payment.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('superuser.payment.title', { id: id ?? '' })}
      wide
    >
      {forbidden ? (
        <Card role="alert">
          <strong>{t(UNAUTHORIZED_MESSAGES.title)}</strong>:{' '}
          {t(UNAUTHORIZED_MESSAGES.paymentDetails)}
        </Card>
      ) : payment.isPending ? (
        <PageSpinner label={t('superuser.payment.loading')} />
      ) : !p ? (
        <Card role="alert">{t('superuser.payment.loadFailed')}</Card>
      ) : (
        <Details
          items={[
            [
              t('superuser.column.status'),
              <StatusBadge key="s" status={p.status} lifecycle="payment" />,
            ],
            [t('superuser.column.amount'), `${formatRupees(p.amount_inr)} ${p.currency}`],
            [
              t('superuser.column.user'),
              `${personName(`${p.user_first_name} ${p.user_last_name}`)} (@${p.user.username})`,
            ],
            [t('superuser.payment.transactionId'), p.transaction_id ?? '—'],
            [
              t('superuser.payment.receiptNumber'),
              receiptAvailable(p.status) && p.receipt_number ? (
                <span className={row}>
                  {p.receipt_number}
                  <SmallButton
                    onClick={() => onReceipt(p)}
                    aria-label={t('ui.receipt.viewLabel', { number: p.receipt_number })}
                  >
                    {t('ui.receipt.view')}
                  </SmallButton>
                  <Button size="sm" busy={downloading(p)} onClick={() => onDownload(p)}>
                    {t('ui.receipt.downloadPdf')}
                  </Button>
                  <SmallButton onClick={() => onReceipt({ ...p, layout: 'thermal' })}>
                    {t('ui.receipt.printThermal')}
                  </SmallButton>
                </span>
              ) : (
                (p.receipt_number ?? '—')
              ),
            ],
            [t('superuser.column.gateway'), gatewayText(p.payment_gateway)],
            [t('superuser.payment.mode'), paymentModeText(p.payment_mode) ?? '—'],
            [t('superuser.payment.razorpayOrderId'), p.razorpay_order_id || '—'],
            ...(p.received_on
              ? ([
                  [t('superuser.payment.receivedOn'), formatDate(p.received_on)],
                  [
                    t('superuser.payment.recordedBy'),
                    p.recorded_by ? `@${p.recorded_by.username}` : '—',
                  ],
                ] as const)
              : []),
            [t('superuser.payment.razorpayPaymentId'), p.razorpay_payment_id ?? '—'],
            [t('superuser.payment.created'), formatDateTime(p.created_at)],
            [t('superuser.payment.failureReason'), p.failure_reason ?? '—'],
            [t('superuser.payment.utr'), p.utr ?? '—'],
            [t('superuser.payment.adminComment'), p.admin_comment ?? '—'],
            [
              t('superuser.column.subscription'),
              `#${p.subscription.id} · ${p.subscription.plan_name}`,
            ],
            [
              t('superuser.column.subscriptionStatus'),
              lifecycleLabel('subscription', p.subscription_status),
            ],
            [t('superuser.startDate'), formatDate(p.start_date)],
            [t('superuser.baseEndDate'), formatDate(p.base_end_date)],
            // The subscription's price (the spec's total_paid) and, beside it, what was paid for
            // it in all, paid back and is still owed.
            ...subscriptionMoneyItems(p, { every: true }),
            [t('superuser.column.plan'), p.plan.name],
            [t('superuser.payment.serviceType'), serviceLabel(p.plan.service_type)],
            [t('superuser.payment.basePrice'), formatRupees(p.plan.base_price)],
            [
              t('superuser.payment.duration'),
              t('superuser.payment.durationDays', { days: p.plan.duration_days }),
            ],
          ]}
        />
      )}
    </Dialog>
  );
}
