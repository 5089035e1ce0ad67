// Manage Refunds: status filters, the table with an expandable View More per row, and the action
// modals. Which buttons a row offers comes from the refund machine's allowedEvents(). Payout details
// show masked everywhere but the Mark as Paid modal (README: Refund payouts).
import { useState } from 'react';
import type { RefundEventType } from '../../../../machines/refund/refund.events';
import { refundFromApi } from '../../../../machines/refund/refund.fromApi';
import { refundMachine } from '../../../../machines/refund/refund.machine';
import { describePayout } from '../../../../machines/refund/refund.rules';
import { REFUND_FILTERS } from '../../../../machines/refund/refund.selectors';
import { allowedEvents } from '../../../../machines/shared/lifecycle';
import {
  PAGE_SIZE,
  useAdminRefunds,
  useRefundAction,
  useRefundPayout,
  type AdminRefund,
  type RefundAction,
  type RefundStatus,
} from '../../../api/admin';
import { errorMessage, isNotFound } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Card, Details, EmptyState, StatusBadge, lifecycleLabel } from '../../../components/Card';
import { CommentDialog } from '../../../components/CommentDialog';
import { FilterButtons, Pager } from '../../../components/Filters';
import { PageSpinner, Spinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useToast } from '../../../components/Toaster';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatDateTime, formatRupees } from '../../../lib/format';
import { muted, pageHeader, pageTitle, row, stack } from '../../../styles/utils.css';
import * as styles from './ManageRefundsPage.css';

type Filter = (typeof REFUND_FILTERS)[number];

type OwnerEventType = Exclude<RefundEventType, 'refund.update_payout'>;

const ACTIONS: Record<OwnerEventType, { action: RefundAction; label: string; notice: string }> = {
  'refund.approve': { action: 'approve', label: 'Approve', notice: 'Refund Approved' },
  'refund.reject': { action: 'reject', label: 'Reject', notice: 'Refund Rejected' },
  'refund.mark_paid': {
    action: 'mark_paid',
    label: 'Mark as Paid',
    notice: 'Refund Marked as Paid',
  },
};

function rowActions(refund: AdminRefund) {
  return allowedEvents(refundMachine, refundFromApi(refund))
    .filter((type): type is OwnerEventType => type in ACTIONS)
    .map((type) => ({ type, ...ACTIONS[type] }));
}

export function ManageRefundsPage() {
  const notify = useToast();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [offset, setOffset] = useState(0);
  const refunds = useAdminRefunds(filter as RefundStatus | 'ALL', offset);
  const act = useRefundAction();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [acting, setActing] = useState<{ refund: AdminRefund; type: OwnerEventType } | null>(null);
  useErrorToast(refunds.isError, 'Failed to Load Refunds', 'Could not fetch refunds.');

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<AdminRefund>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (refund) => (
        <span>
          {refund.user.full_name || refund.user.username}
          <br />
          <span className={muted}>@{refund.user.username}</span>
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', cell: (refund) => formatRupees(refund.amount) },
    {
      key: 'status',
      header: 'Status',
      cell: (refund) => <StatusBadge status={refund.status} lifecycle="refund" />,
    },
    {
      key: 'requested',
      header: 'Requested At',
      cell: (refund) => formatDateTime(refund.requested_at),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (refund) => (
        <span className={row}>
          {rowActions(refund).map((action) => (
            <Button
              key={action.type}
              size="sm"
              tone={action.action === 'reject' ? 'danger' : 'primary'}
              onClick={() => setActing({ refund, type: action.type })}
              aria-label={`${action.label} refund #${refund.id}`}
            >
              {action.label}
            </Button>
          ))}
          <Button
            size="sm"
            tone="ghost"
            aria-expanded={expanded.has(refund.id)}
            aria-controls={`refund-details-${refund.id}`}
            onClick={() => toggle(refund.id)}
            aria-label={`${expanded.has(refund.id) ? 'View less' : 'View more'} for refund #${refund.id}`}
          >
            {expanded.has(refund.id) ? 'View Less' : 'View More'}
          </Button>
        </span>
      ),
    },
  ];

  const current = acting ? ACTIONS[acting.type] : null;
  const rows = refunds.data?.rows ?? [];
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Manage Refunds</h1>
          <p className={muted}>
            Approve or reject requested refunds, then mark approved ones as paid.
          </p>
        </div>
      </header>
      <FilterButtons<Filter>
        label="Filter refunds by status"
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setOffset(0);
        }}
        options={REFUND_FILTERS.map((value) => ({ value, label: value }))}
      />
      {refunds.isPending ? (
        <PageSpinner label="Loading refunds" />
      ) : refunds.isError ? (
        <Card role="alert">Could not fetch refunds.</Card>
      ) : rows.length === 0 ? (
        <EmptyState title="No refunds found" />
      ) : (
        <Table
          caption="Refunds"
          columns={columns}
          rows={rows}
          rowKey={(refund) => refund.id}
          expanded={(refund) =>
            expanded.has(refund.id) ? <RefundDetails refund={refund} /> : null
          }
        />
      )}
      <Pager
        label="Refunds"
        offset={offset}
        limit={PAGE_SIZE}
        total={refunds.data?.total ?? 0}
        onOffset={setOffset}
      />
      <CommentDialog
        open={acting !== null}
        title={current ? `${current.label}: refund #${acting?.refund.id}` : 'Refund'}
        description={
          acting
            ? `${acting.refund.user.username} · ${formatRupees(acting.refund.amount)} · ${acting.refund.subscription.plan_name}`
            : undefined
        }
        commentLabel="Admin Comment"
        submitLabel={current?.label ?? 'Submit'}
        submitTone={current?.action === 'reject' ? 'danger' : 'primary'}
        withUtr={current?.action === 'mark_paid'}
        details={
          acting && current?.action === 'mark_paid' ? (
            <PayoutToPay refund={acting.refund} />
          ) : acting ? (
            <p className={muted}>Payout: {describePayout(acting.refund.payout)}</p>
          ) : null
        }
        busy={act.isPending}
        onClose={() => setActing(null)}
        onSubmit={(comment, utr) => {
          if (!acting || !current) return;
          act.mutate(
            {
              id: acting.refund.id,
              action: current.action,
              adminComment: comment,
              ...(utr ? { utr } : {}),
            },
            {
              onSuccess: () => {
                notify({
                  tone: 'success',
                  title: current.notice,
                  message: `Refund #${acting.refund.id} of ${formatRupees(acting.refund.amount)} for ${acting.refund.user.username}.`,
                });
                setActing(null);
              },
              onError: (error) =>
                notify({
                  tone: 'error',
                  title: 'Action Failed',
                  message: errorMessage(error, 'Failed to process refund request.'),
                }),
            },
          );
        }}
      />
    </div>
  );
}

/** Where to send an approved refund, in full: the one view that shows the whole account number. */
function PayoutToPay({ refund }: { refund: AdminRefund }) {
  const payout = useRefundPayout(refund.payout ? refund.id : null);
  let body;
  if (!refund.payout || isNotFound(payout.error)) {
    body = (
      <p>
        The customer has not given payout details yet. Pay them another way and say how in the
        comment.
      </p>
    );
  } else if (payout.isPending) {
    body = <Spinner size="sm" label="Loading payout details" />;
  } else if (payout.isError) {
    body = <p role="alert">{errorMessage(payout.error, 'Could not load the payout details.')}</p>;
  } else {
    const value = (text: string) => <span className={styles.payoutValue}>{text}</span>;
    body = (
      <Details
        items={
          payout.data.method === 'upi'
            ? [
                ['Method', 'UPI'],
                ['UPI ID', value(payout.data.upi_id)],
              ]
            : [
                ['Method', 'Bank transfer'],
                ['Account holder', payout.data.account_holder_name],
                ['Account number', value(payout.data.account_number)],
                ['IFSC', value(payout.data.ifsc)],
              ]
        }
      />
    );
  }
  return (
    <section className={styles.payTo} aria-labelledby={`pay-to-${refund.id}`}>
      <h3 id={`pay-to-${refund.id}`} className={styles.payToTitle}>
        Pay {formatRupees(refund.amount)} to
      </h3>
      {body}
    </section>
  );
}

function RefundDetails({ refund }: { refund: AdminRefund }) {
  const info = refund.subscription.refund_info;
  return (
    <div id={`refund-details-${refund.id}`}>
      <Details
        items={[
          ['Refund ID', `#${refund.id}`],
          ['Status', lifecycleLabel('refund', refund.status)],
          ['Amount', formatRupees(refund.amount)],
          ['Admin Comment', refund.admin_comment ?? '—'],
          ['Username', refund.user.username],
          ['Plan Name', refund.subscription.plan_name],
          ['Payment Transaction ID', refund.original_payment.transaction_id ?? '—'],
          ['Subscription Status', lifecycleLabel('subscription', refund.subscription.status)],
          ['Payout', describePayout(refund.payout)],
          ...(refund.utr ? ([['UTR', refund.utr]] as [string, string][]) : []),
          ...(refund.paid_at
            ? ([['Paid At', formatDateTime(refund.paid_at)]] as [string, string][])
            : []),
          [
            'Refund Info',
            `${formatRupees(info.amount)} · ${info.status_display} · requested ${formatDateTime(info.requested_at)} by ${info.requested_by}${
              info.processed_at ? ` · processed ${formatDateTime(info.processed_at)}` : ''
            }${info.admin_comment ? ` · “${info.admin_comment}”` : ''}`,
          ],
        ]}
      />
    </div>
  );
}
