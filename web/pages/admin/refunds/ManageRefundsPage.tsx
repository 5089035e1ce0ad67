// Manage Refunds: status filters, the table with an expandable View More per row, and the action
// modals. Which buttons a row offers comes from the refund machine's allowedEvents(). Payout details
// show masked everywhere but the Mark as Paid modal (docs/rules/refund.md: payouts).
import { useState } from 'react';
import {
  REFUND_FILTERS,
  type RefundEventType,
  refundFromApi,
  refundMachine,
} from '@machines/refund';
import { allowedEvents } from '@machines/shared';
import type { OperationId } from '@machines/staff';
import {
  useAdminRefunds,
  useRefundAction,
  useRefundPayout,
  type AdminRefund,
  type RefundAction,
  type RefundStatus,
  describePayout,
  REFUND_FILTER_LABELS,
} from '@web/features/refund';
import { errorMessage, isNotFound, failureToast } from '@web/api/errors';
import { Button, ExpandButton } from '@web/components/Button';
import { Details, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { useT, type MessageId } from '@web/i18n/i18n';
import { lifecycleLabel, personName } from '@web/i18n/labels';
import { CommentDialog } from '@web/components/CommentDialog';
import { FilterButtons } from '@web/components/Filters';
import { Spinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { formatDateTime, formatRupees } from '@web/lib/format';
import { useExpandable } from '@web/lib/useExpandable';
import { usePageOffset } from '@web/lib/usePageOffset';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, row, stack } from '@web/styles/utils.css';
import * as styles from './ManageRefundsPage.css';
import { PageHeader } from '@web/components/PageHeader';
import { PagedList } from '@web/components/Loaded';

type Filter = (typeof REFUND_FILTERS)[number];

type OwnerEventType = Exclude<RefundEventType, 'refund.update_payout'>;

const ACTIONS: Record<
  OwnerEventType,
  {
    action: RefundAction;
    /** The operation it calls: payouts are the owner's (a manager sees the refunds, no buttons). */
    operation: OperationId;
    label: MessageId;
    notice: MessageId;
    /** Comments that fit the action, offered above the comment box. */
    suggestions: readonly MessageId[];
  }
> = {
  'refund.approve': {
    action: 'approve',
    operation: 'approveRefund',
    label: 'adminRefunds.approve',
    notice: 'adminRefunds.toast.approved',
    suggestions: ['adminRefunds.suggest.approved', 'adminRefunds.suggest.asPerPolicy'],
  },
  'refund.reject': {
    action: 'reject',
    operation: 'rejectRefund',
    label: 'adminRefunds.reject',
    notice: 'adminRefunds.toast.rejected',
    suggestions: ['adminRefunds.suggest.notEligible', 'adminRefunds.suggest.callUs'],
  },
  'refund.mark_paid': {
    action: 'mark_paid',
    operation: 'markRefundPaid',
    label: 'adminRefunds.markPaid',
    notice: 'adminRefunds.toast.markedPaid',
    suggestions: [
      'adminRefunds.suggest.upi',
      'adminRefunds.suggest.bank',
      'adminRefunds.suggest.cash',
    ],
  },
};

/** The way the customer asked to be paid, suggested first when marking their refund paid. */
const PAYOUT_SUGGESTION: Record<'upi' | 'bank', MessageId> = {
  upi: 'adminRefunds.suggest.upi',
  bank: 'adminRefunds.suggest.bank',
};

function suggestionsFor(refund: AdminRefund, type: OwnerEventType): MessageId[] {
  const all = ACTIONS[type].suggestions;
  const asked =
    type === 'refund.mark_paid' && refund.payout ? PAYOUT_SUGGESTION[refund.payout.method] : null;
  return asked ? [asked, ...all.filter((id) => id !== asked)] : [...all];
}

function rowActions(refund: AdminRefund, mayCall: (operation: OperationId) => boolean) {
  return allowedEvents(refundMachine, refundFromApi(refund))
    .filter((type): type is OwnerEventType => type in ACTIONS)
    .filter((type) => mayCall(ACTIONS[type].operation))
    .map((type) => ({ type, ...ACTIONS[type] }));
}

export function ManageRefundsPage() {
  const t = useT();
  const notify = useToast();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [offset, setOffset] = usePageOffset(filter);
  const refunds = useAdminRefunds(filter as RefundStatus | 'ALL', offset);
  const act = useRefundAction();
  const mayCall = useMayCall();
  const { expanded, toggle } = useExpandable();
  const [acting, setActing] = useState<{ refund: AdminRefund; type: OwnerEventType } | null>(null);

  const columns: Column<AdminRefund>[] = [
    {
      key: 'user',
      header: t('adminRefunds.col.user'),
      cell: (refund) => (
        <span>
          {personName(refund.user.full_name) || refund.user.username}
          <br />
          <span className={muted}>@{refund.user.username}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('adminRefunds.col.amount'),
      cell: (refund) => formatRupees(refund.amount),
    },
    {
      key: 'status',
      header: t('adminRefunds.col.status'),
      cell: (refund) => <StatusBadge status={refund.status} lifecycle="refund" />,
    },
    {
      key: 'requested',
      header: t('adminRefunds.col.requestedAt'),
      cell: (refund) => formatDateTime(refund.requested_at),
    },
    {
      key: 'actions',
      header: t('adminRefunds.col.actions'),
      cell: (refund) => (
        <span className={row}>
          {rowActions(refund, mayCall).map((action) => (
            <Button
              key={action.type}
              size="sm"
              tone={action.action === 'reject' ? 'danger' : 'primary'}
              onClick={() => setActing({ refund, type: action.type })}
              aria-label={t('adminRefunds.actionLabel', { action: t(action.label), id: refund.id })}
            >
              {t(action.label)}
            </Button>
          ))}
          <ExpandButton
            expanded={expanded.has(refund.id)}
            onToggle={() => toggle(refund.id)}
            controls={`refund-details-${refund.id}`}
            text={[t('adminRefunds.viewMore'), t('adminRefunds.viewLess')]}
            label={[
              t('adminRefunds.viewMoreLabel', { id: refund.id }),
              t('adminRefunds.viewLessLabel', { id: refund.id }),
            ]}
          />
        </span>
      ),
    },
  ];

  const current = acting ? ACTIONS[acting.type] : null;
  return (
    <div className={stack}>
      <PageHeader
        title={t('adminRefunds.title')}
        // A manager reads refunds; only the owner decides and pays them.
        intro={t(mayCall('approveRefund') ? 'adminRefunds.intro' : 'adminRefunds.introReadOnly')}
      />
      <FilterButtons<Filter>
        label={t('adminRefunds.filterLabel')}
        value={filter}
        onChange={setFilter}
        options={REFUND_FILTERS.map((value) => ({ value, label: t(REFUND_FILTER_LABELS[value]) }))}
      />
      <PagedList
        read={refunds}
        loading={t('adminRefunds.loading')}
        failed={t('adminRefunds.loadFailed')}
        toast={t('adminRefunds.toast.loadFailed')}
        empty={<EmptyState title={t('adminRefunds.empty')} />}
        pager={{ label: t('adminRefunds.caption'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <Table
            caption={t('adminRefunds.caption')}
            columns={columns}
            rows={rows}
            rowKey={(refund) => refund.id}
            expanded={(refund) =>
              expanded.has(refund.id) ? <RefundDetails refund={refund} /> : null
            }
          />
        )}
      </PagedList>
      <CommentDialog
        open={acting !== null}
        title={
          current && acting
            ? t('adminRefunds.dialogTitle', { action: t(current.label), id: acting.refund.id })
            : t('adminRefunds.dialogFallback')
        }
        description={
          acting
            ? `${acting.refund.user.username} · ${formatRupees(acting.refund.amount)} · ${acting.refund.subscription.plan_name}`
            : undefined
        }
        commentLabel={t('adminRefunds.adminComment')}
        submitLabel={current ? t(current.label) : t('adminRefunds.submit')}
        submitTone={current?.action === 'reject' ? 'danger' : 'primary'}
        withUtr={current?.action === 'mark_paid'}
        suggestions={acting ? suggestionsFor(acting.refund, acting.type).map((id) => t(id)) : []}
        details={
          acting && current?.action === 'mark_paid' ? (
            <PayoutToPay refund={acting.refund} />
          ) : acting ? (
            <p className={muted}>
              {t('adminRefunds.payoutLine', { payout: describePayout(acting.refund.payout) })}
            </p>
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
                  title: t(current.notice),
                  message: t('adminRefunds.toast.doneMessage', {
                    id: acting.refund.id,
                    amount: formatRupees(acting.refund.amount),
                    username: acting.refund.user.username,
                  }),
                });
                setActing(null);
              },
              onError: (error) =>
                notify(
                  failureToast(
                    error,
                    t('adminRefunds.toast.actionFailed'),
                    t('adminRefunds.toast.actionFailedMessage'),
                  ),
                ),
            },
          );
        }}
      />
    </div>
  );
}

/** Where to send an approved refund, in full: the one view that shows the whole account number. */
function PayoutToPay({ refund }: { refund: AdminRefund }) {
  const t = useT();
  const payout = useRefundPayout(refund.payout ? refund.id : null);
  let body;
  if (!refund.payout || isNotFound(payout.error)) {
    body = <p>{t('adminRefunds.noPayout')}</p>;
  } else if (payout.isPending) {
    body = <Spinner size="sm" label={t('adminRefunds.loadingPayout')} />;
  } else if (payout.isError) {
    body = <p role="alert">{errorMessage(payout.error, t('adminRefunds.payoutFailed'))}</p>;
  } else {
    const value = (text: string) => <span className={styles.payoutValue}>{text}</span>;
    body = (
      <Details
        items={
          payout.data.method === 'upi'
            ? [
                [t('adminRefunds.method'), 'UPI'],
                [t('adminRefunds.upiId'), value(payout.data.upi_id)],
              ]
            : [
                [t('adminRefunds.method'), t('adminRefunds.bankTransfer')],
                [t('adminRefunds.accountHolder'), payout.data.account_holder_name],
                [t('adminRefunds.accountNumber'), value(payout.data.account_number)],
                ['IFSC', value(payout.data.ifsc)],
              ]
        }
      />
    );
  }
  return (
    <section className={styles.payTo} aria-labelledby={`pay-to-${refund.id}`}>
      <h3 id={`pay-to-${refund.id}`} className={styles.payToTitle}>
        {t('adminRefunds.payTo', { amount: formatRupees(refund.amount) })}
      </h3>
      {body}
    </section>
  );
}

function RefundDetails({ refund }: { refund: AdminRefund }) {
  const t = useT();
  const info = refund.subscription.refund_info;
  return (
    <div id={`refund-details-${refund.id}`}>
      <Details
        items={[
          [t('adminRefunds.refundId'), `#${refund.id}`],
          [t('adminRefunds.col.status'), lifecycleLabel('refund', refund.status)],
          [t('adminRefunds.col.amount'), formatRupees(refund.amount)],
          [t('adminRefunds.adminComment'), refund.admin_comment ?? '—'],
          [t('adminRefunds.username'), refund.user.username],
          [t('adminRefunds.planName'), refund.subscription.plan_name],
          [t('adminRefunds.transactionId'), refund.original_payment.transaction_id ?? '—'],
          [
            t('adminRefunds.subscriptionStatus'),
            lifecycleLabel('subscription', refund.subscription.status),
          ],
          [t('adminRefunds.payout'), describePayout(refund.payout)],
          refund.utr ? ['UTR', refund.utr] : null,
          refund.paid_at ? [t('adminRefunds.paidAt'), formatDateTime(refund.paid_at)] : null,
          [
            t('adminRefunds.refundInfo'),
            [
              formatRupees(info.amount),
              lifecycleLabel('refund', info.status),
              t('adminRefunds.info.requested', {
                date: formatDateTime(info.requested_at),
                by: personName(info.requested_by),
              }),
              ...(info.processed_at
                ? [t('adminRefunds.info.processed', { date: formatDateTime(info.processed_at) })]
                : []),
              ...(info.admin_comment ? [`“${info.admin_comment}”`] : []),
            ].join(' · '),
          ],
        ]}
      />
    </div>
  );
}
