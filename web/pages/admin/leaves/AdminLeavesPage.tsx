// Admin Leave Requests: the list, filtered by status and by the days the leaves cover (kept in the
// address, so a customer page's back link returns to the same list), and the approve/reject modal
// with a required comment.
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { addDays, allowedEvents } from '@machines/shared';
import { LEAVE_OWNER_ACTIONS, leaveFromApi, leaveMachine } from '@machines/leave';
import { PAGE_SIZE } from '@web/api/admin';
import {
  useAdminLeaves,
  useDecideLeave,
  useLeaveStats,
  type AdminLeave,
  type LeaveDateRange,
  type LeaveStatus,
} from '@web/features/leave';

import { Button } from '@web/components/Button';
import { Card, Details, EmptyState, StatCard } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { DateField } from '@web/components/DateField';
import { StatusBadge } from '@web/components/StatusBadge';
import { CommentDialog } from '@web/components/CommentDialog';
import { FilterButtons, Pager } from '@web/components/Filters';
import { filterButton } from '@web/components/Filters.css';
import { Skeleton } from '@web/components/Skeleton';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatDate, formatDateTime, serviceLabel, todayIso } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { cardActions, cardByline, cardHead, cardList, cardTitle } from '@web/styles/list.css';
import { muted, row, stack, statGrid } from '@web/styles/utils.css';
import * as styles from './AdminLeavesPage.css';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageHeader } from '@web/components/PageHeader';
import { refusalKeyText } from '@web/i18n/refusals';
import { failureToast } from '@web/api/errors';

type Filter = LeaveStatus | 'ALL';
type Decision = 'approve' | 'reject';

/** The status filters, in the order the spec lists them. */
const FILTERS: ReadonlyArray<{ value: Filter; label: MessageId }> = [
  { value: 'ALL', label: 'adminLeaves.filter.all' },
  { value: 'PENDING', label: 'adminLeaves.filter.pending' },
  { value: 'APPROVED', label: 'adminLeaves.filter.approved' },
  { value: 'REJECTED', label: 'adminLeaves.filter.rejected' },
];

const isFilter = (value: string | null): value is Filter =>
  FILTERS.some((option) => option.value === value);
const isIsoDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The quick picks for the date range: a day or a week from today. */
const QUICK_RANGES: ReadonlyArray<{ label: MessageId; from: number; to: number }> = [
  { label: 'adminLeaves.range.today', from: 0, to: 0 },
  { label: 'adminLeaves.range.tomorrow', from: 1, to: 1 },
  { label: 'adminLeaves.range.nextWeek', from: 0, to: 6 },
];

/** The list's filters as the address keeps them: ?status=APPROVED&from=…&to=… */
function useListFilters() {
  const [pathname, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const status = params.get('status');
  const filter: Filter = isFilter(status) ? status : 'PENDING';
  const from = params.get('from');
  const to = params.get('to');
  const range: LeaveDateRange = {
    ...(isIsoDate(from) ? { from } : {}),
    ...(isIsoDate(to) ? { to } : {}),
  };
  const update = (next: { filter?: Filter; from?: string; to?: string }) => {
    const merged = { filter, from: range.from ?? '', to: range.to ?? '', ...next };
    const query = new URLSearchParams();
    if (merged.filter !== 'PENDING') query.set('status', merged.filter);
    if (merged.from) query.set('from', merged.from);
    if (merged.to) query.set('to', merged.to);
    const search = query.toString();
    navigate(search ? `${pathname}?${search}` : pathname, { replace: true });
  };
  return { filter, range, update };
}

/** Comments that fit each decision, offered above the comment box: one tap writes one in. */
const SUGGESTIONS: Readonly<Record<Decision, readonly MessageId[]>> = {
  approve: [
    'adminLeaves.suggest.approved',
    'adminLeaves.suggest.enjoyTrip',
    'adminLeaves.suggest.getWell',
    'adminLeaves.suggest.mealsPaused',
  ],
  reject: [
    'adminLeaves.suggest.askAhead',
    'adminLeaves.suggest.alreadyPlanned',
    'adminLeaves.suggest.callUs',
  ],
};

/** The owner's buttons for a leave, as the leave machine allows them. */
function ownerActions(leave: AdminLeave): Decision[] {
  const allowed = allowedEvents(leaveMachine, leaveFromApi(leave));
  return LEAVE_OWNER_ACTIONS.filter((type) => allowed.includes(type)).map((type) =>
    type === 'leave.approve' ? 'approve' : 'reject',
  );
}

export function AdminLeavesPage() {
  const t = useT();
  const notify = useToast();
  const { filter, range, update } = useListFilters();
  const [offset, setOffset] = usePageOffset([filter, range.from, range.to]);
  const backwards = range.from !== undefined && range.to !== undefined && range.to < range.from;
  const leaves = useAdminLeaves(filter, offset, range, !backwards);
  const setRange = (from: string, to: string) => update({ from, to });
  const today = todayIso();
  const stats = useLeaveStats();
  const decide = useDecideLeave();
  const [acting, setActing] = useState<{ leave: AdminLeave; decision: Decision } | null>(null);
  useErrorToast(leaves.isError, t('adminLeaves.toast.loadFailed'), t('adminLeaves.loadFailed'));
  useErrorToast(
    stats.isError,
    t('adminLeaves.toast.statsFailed'),
    t('adminLeaves.toast.statsFailedMessage'),
  );

  const rows = leaves.data?.rows ?? [];
  return (
    <div className={stack}>
      <PageHeader title={t('adminLeaves.title')} intro={t('adminLeaves.intro')} />
      {stats.isError ? null : (
        // The figures keep their place while they load, so the list below does not move.
        <Skeleton loading={stats.isPending} label={t('adminLeaves.loadingStats')}>
          <div className={statGrid}>
            <StatCard
              label={t('adminLeaves.stat.pending')}
              value={stats.data?.pending_leaves ?? 0}
            />
            <StatCard
              label={t('adminLeaves.stat.approvedToday')}
              value={stats.data?.approved_leaves_today ?? 0}
            />
            <StatCard
              label={t('adminLeaves.stat.thisMonth')}
              value={stats.data?.total_leaves_this_month ?? 0}
            />
          </div>
        </Skeleton>
      )}
      <FilterButtons<Filter>
        label={t('adminLeaves.filterLabel')}
        value={filter}
        onChange={(value) => update({ filter: value })}
        options={FILTERS.map(({ value, label }) => ({ value, label: t(label) }))}
      />
      <fieldset className={styles.dates}>
        <legend className={styles.datesLegend}>{t('adminLeaves.range.legend')}</legend>
        <div className={styles.dateFields}>
          <DateField
            label={t('adminLeaves.range.from')}
            value={range.from ?? ''}
            onChange={(event) => setRange(event.target.value, range.to ?? '')}
          />
          <DateField
            label={t('adminLeaves.range.to')}
            value={range.to ?? ''}
            min={range.from}
            error={backwards ? refusalKeyText('leave.end_before_start') : null}
            onChange={(event) => setRange(range.from ?? '', event.target.value)}
          />
        </div>
        <div className={row} role="group" aria-label={t('adminLeaves.range.quickPicks')}>
          {QUICK_RANGES.map((pick) => {
            const from = addDays(today, pick.from);
            const to = addDays(today, pick.to);
            return (
              <button
                key={pick.label}
                type="button"
                className={filterButton}
                aria-pressed={range.from === from && range.to === to}
                onClick={() => setRange(from, to)}
              >
                {t(pick.label)}
              </button>
            );
          })}
          {range.from || range.to ? (
            <Button size="sm" tone="ghost" onClick={() => setRange('', '')}>
              {t('adminLeaves.range.clear')}
            </Button>
          ) : null}
        </div>
      </fieldset>
      {backwards ? null : leaves.isPending ? (
        <PageSpinner label={t('adminLeaves.loading')} />
      ) : leaves.isError ? (
        <Card role="alert">{t('adminLeaves.loadFailed')}</Card>
      ) : rows.length === 0 ? (
        <EmptyState title={t('adminLeaves.empty')}>
          <p className={muted}>
            {range.from || range.to ? t('adminLeaves.range.emptyText') : t('adminLeaves.emptyText')}
          </p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('adminLeaves.list')}>
          {rows.map((leave) => (
            <li key={leave.id}>
              <Card
                aria-label={t('adminLeaves.cardLabel', {
                  username: leave.subscription_user.username,
                })}
              >
                <div className={cardHead()}>
                  <div>
                    <h2 className={cardTitle}>
                      <CustomerLink id={leave.user}>
                        {leave.subscription_user.full_name || leave.subscription_user.username}
                      </CustomerLink>
                    </h2>
                    <p className={cardByline}>
                      @{leave.subscription_user.username} · <PhoneNumber phone={leave.user_phone} />
                    </p>
                  </div>
                  <StatusBadge status={leave.status} lifecycle="leave" />
                </div>
                <Details
                  items={[
                    [
                      t('adminLeaves.plan'),
                      `${leave.subscription_plan} (${serviceLabel(leave.subscription.subscription_type)})`,
                    ],
                    [t('adminLeaves.from'), formatDate(leave.leave_start_date)],
                    [t('adminLeaves.to'), formatDate(leave.leave_end_date)],
                    [
                      t('adminLeaves.duration'),
                      t('adminLeaves.days', { count: leave.duration_days }),
                    ],
                    [t('adminLeaves.reason'), leave.reason],
                    [t('adminLeaves.requested'), formatDateTime(leave.requested_at)],
                    leave.approved_at
                      ? [t('adminLeaves.approvedAt'), formatDateTime(leave.approved_at)]
                      : null,
                    leave.rejected_at
                      ? [t('adminLeaves.rejectedAt'), formatDateTime(leave.rejected_at)]
                      : null,
                    leave.admin_comment
                      ? [t('adminLeaves.adminComment'), leave.admin_comment]
                      : null,
                  ]}
                />
                {ownerActions(leave).length > 0 ? (
                  <div className={cardActions}>
                    {ownerActions(leave).map((decision) => (
                      <Button
                        key={decision}
                        size="sm"
                        tone={decision === 'approve' ? 'primary' : 'danger'}
                        onClick={() => setActing({ leave, decision })}
                      >
                        {decision === 'approve'
                          ? t('adminLeaves.approve')
                          : t('adminLeaves.reject')}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label={t('adminLeaves.list')}
        offset={offset}
        limit={PAGE_SIZE}
        total={leaves.data?.total ?? 0}
        onOffset={setOffset}
      />
      <CommentDialog
        open={acting !== null}
        title={
          acting?.decision === 'reject'
            ? t('adminLeaves.rejectTitle')
            : t('adminLeaves.approveTitle')
        }
        description={
          acting
            ? t('adminLeaves.dialogDescription', {
                username: acting.leave.subscription_user.username,
                from: formatDate(acting.leave.leave_start_date),
                to: formatDate(acting.leave.leave_end_date),
                count: acting.leave.duration_days,
              })
            : undefined
        }
        commentLabel={t('adminLeaves.adminComment')}
        submitLabel={
          acting?.decision === 'reject' ? t('adminLeaves.reject') : t('adminLeaves.approve')
        }
        submitTone={acting?.decision === 'reject' ? 'danger' : 'primary'}
        suggestions={acting ? SUGGESTIONS[acting.decision].map((id) => t(id)) : []}
        busy={decide.isPending}
        onClose={() => setActing(null)}
        onSubmit={(comment) => {
          if (!acting) return;
          decide.mutate(
            { id: acting.leave.id, decision: acting.decision, adminComment: comment },
            {
              onSuccess: () => {
                notify(
                  acting.decision === 'approve'
                    ? {
                        tone: 'success',
                        title: t('adminLeaves.toast.approved'),
                        message: t('adminLeaves.toast.approvedMessage', {
                          username: acting.leave.subscription_user.username,
                        }),
                      }
                    : {
                        tone: 'success',
                        title: t('adminLeaves.toast.rejected'),
                        message: t('adminLeaves.toast.rejectedMessage', {
                          username: acting.leave.subscription_user.username,
                        }),
                      },
                );
                setActing(null);
              },
              onError: (error) =>
                notify(
                  failureToast(
                    error,
                    t('adminLeaves.toast.actionFailed'),
                    t('adminLeaves.toast.actionFailedMessage'),
                  ),
                ),
            },
          );
        }}
      />
    </div>
  );
}
