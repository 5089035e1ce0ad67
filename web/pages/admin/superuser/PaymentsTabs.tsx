// The payment tabs of Superuser Payments and Users (All Payments, Recent 20, Failed) and the
// payment details modal.
import { useEffect, useState } from 'react';
import {
  PAGE_SIZE,
  useAdminPayment,
  useAdminPayments,
  useFailedPayments,
  useRecentPayments,
  type AdminPayment,
  type PaymentsQuery,
} from '../../../api/admin';
import { paymentGatewayLabel, paymentModeLabel } from '../../../../machines/payment/payment.rules';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Card, Details, EmptyState, StatusBadge, lifecycleLabel } from '../../../components/Card';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { Pager } from '../../../components/Filters';
import { FilterSelect } from '../../../components/Select';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatDate, formatDateTime, formatRupees, serviceLabel } from '../../../lib/format';
import { useSession } from '../../../session/SessionProvider';
import { stack } from '../../../styles/utils.css';
import * as styles from './SuperuserPage.css';
import { PAYMENT_DETAILS_UNAUTHORIZED, UNAUTHORIZED_TITLE } from './unauthorized';
import { useDebounced } from './useDebounced';

/** The Recent 20 tab shows the latest 20 payments. */
const RECENT_PAYMENTS_COUNT = 20;

function paymentColumns(onView: (payment: AdminPayment) => void): Column<AdminPayment>[] {
  return [
    { key: 'id', header: 'ID', cell: (p) => `#${p.id}` },
    {
      key: 'user',
      header: 'User',
      cell: (p) =>
        `${`${p.user.first_name} ${p.user.last_name}`.trim() || p.user.username} (@${p.user.username})`,
    },
    { key: 'plan', header: 'Plan', cell: (p) => p.plan.name },
    { key: 'amount', header: 'Amount', cell: (p) => formatRupees(p.amount_inr) },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <StatusBadge status={p.status} lifecycle="payment" />,
    },
    { key: 'gateway', header: 'Gateway', cell: (p) => paymentGatewayLabel(p.payment_gateway) },
    { key: 'date', header: 'Date', cell: (p) => formatDateTime(p.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <Button
          size="sm"
          tone="secondary"
          onClick={() => onView(p)}
          aria-label={`View more: payment #${p.id}`}
        >
          View More
        </Button>
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
  const [viewing, setViewing] = useState<number | null>(null);
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <Table
        caption={caption}
        columns={paymentColumns((p) => setViewing(p.id))}
        rows={rows}
        rowKey={(p) => p.id}
      />
      <PaymentDetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'SUCCESS', label: 'Success' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'INITIATED', label: 'Initiated' },
  { value: 'FAILED', label: 'Failed' },
];

export function AllPaymentsTab() {
  const [status, setStatus] = useState('all');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const debounced = useDebounced(search.trim(), 300);
  useEffect(() => setOffset(0), [debounced, status]);
  const query: PaymentsQuery = {
    limit: PAGE_SIZE,
    offset,
    ...(status === 'all' ? {} : { status: status as NonNullable<PaymentsQuery['status']> }),
    ...(debounced ? { search: debounced } : {}),
  };
  const payments = useAdminPayments(query);
  useErrorToast(payments.isError, 'Failed to Load Payments', 'Could not fetch payments.');
  return (
    <div className={stack}>
      <div className={styles.toolbar}>
        <TextField
          label="Search payments"
          type="search"
          placeholder="Transaction, order, name, e-mail or phone"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <FilterSelect
          label="Status"
          value={status}
          onValueChange={setStatus}
          options={STATUS_OPTIONS}
        />
      </div>
      {payments.isPending ? (
        <PageSpinner label="Loading payments" />
      ) : payments.isError ? (
        <Card role="alert">Could not fetch payments.</Card>
      ) : (
        <PaymentTable caption="All payments" rows={payments.data.rows} empty="No Payments Found" />
      )}
      <Pager
        label="Payments"
        offset={offset}
        limit={PAGE_SIZE}
        total={payments.data?.total ?? 0}
        onOffset={setOffset}
      />
    </div>
  );
}

export function RecentPaymentsTab() {
  const payments = useRecentPayments();
  useErrorToast(
    payments.isError,
    'Failed to Load Recent Payments',
    'Could not fetch recent payments.',
  );
  if (payments.isPending) return <PageSpinner label="Loading recent payments" />;
  if (payments.isError) return <Card role="alert">Could not fetch recent payments.</Card>;
  return (
    <PaymentTable
      caption={`The latest ${RECENT_PAYMENTS_COUNT} payments`}
      rows={payments.data.slice(0, RECENT_PAYMENTS_COUNT)}
      empty="No Payments Found"
    />
  );
}

export function FailedPaymentsTab() {
  const payments = useFailedPayments();
  useErrorToast(
    payments.isError,
    'Failed to Load Failed Payments',
    'Could not fetch failed payments.',
  );
  if (payments.isPending) return <PageSpinner label="Loading failed payments" />;
  if (payments.isError) return <Card role="alert">Could not fetch failed payments.</Card>;
  return <PaymentTable caption="Failed payments" rows={payments.data} empty="No Failed Payments" />;
}

function PaymentDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { user } = useSession();
  const isOwner = user?.user_type === 'mess_owner';
  const payment = useAdminPayment(isOwner ? id : null);
  const forbidden = !isOwner || (payment.error instanceof ApiError && payment.error.status === 403);
  useErrorToast(
    payment.isError && !forbidden,
    'Failed to Load Payment',
    'Could not fetch payment details.',
  );
  const p = payment.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Payment #${id ?? ''}`}
      wide
    >
      {forbidden ? (
        <Card role="alert">
          <strong>{UNAUTHORIZED_TITLE}</strong>: {PAYMENT_DETAILS_UNAUTHORIZED}
        </Card>
      ) : payment.isPending ? (
        <PageSpinner label="Loading payment" />
      ) : !p ? (
        <Card role="alert">Could not fetch payment details.</Card>
      ) : (
        <Details
          items={[
            ['Status', <StatusBadge key="s" status={p.status} lifecycle="payment" />],
            ['Amount', `${formatRupees(p.amount_inr)} ${p.currency}`],
            ['User', `${p.user_first_name} ${p.user_last_name} (@${p.user.username})`],
            ['Transaction ID', p.transaction_id ?? '—'],
            ['Receipt Number', p.receipt_number ?? '—'],
            ['Gateway', paymentGatewayLabel(p.payment_gateway)],
            ['Payment Mode', paymentModeLabel(p.payment_mode) ?? '—'],
            ['Razorpay Order ID', p.razorpay_order_id || '—'],
            ...(p.received_on
              ? ([
                  ['Received On', formatDate(p.received_on)],
                  ['Recorded By', p.recorded_by ? `@${p.recorded_by.username}` : '—'],
                ] as [string, string][])
              : []),
            ['Razorpay Payment ID', p.razorpay_payment_id ?? '—'],
            ['Created', formatDateTime(p.created_at)],
            ['Failure Reason', p.failure_reason ?? '—'],
            ['UTR', p.utr ?? '—'],
            ['Admin Comment', p.admin_comment ?? '—'],
            ['Subscription', `#${p.subscription.id} · ${p.subscription.plan_name}`],
            ['Subscription Status', lifecycleLabel('subscription', p.subscription_status)],
            ['Start Date', formatDate(p.start_date)],
            ['Base End Date', formatDate(p.base_end_date)],
            ['Total Paid', formatRupees(p.total_paid)],
            ['Plan', p.plan.name],
            ['Service Type', serviceLabel(p.plan.service_type)],
            ['Base Price', formatRupees(p.plan.base_price)],
            ['Duration', `${p.plan.duration_days} days`],
          ]}
        />
      )}
    </Dialog>
  );
}
