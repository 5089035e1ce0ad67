// Admin Leave Requests: the list, filtered by status, and the approve/reject modal with a required comment.
import { useState } from 'react';
import { LEAVE_OWNER_ACTIONS } from '../../../../machines/leave/leave.events';
import { leaveFromApi } from '../../../../machines/leave/leave.fromApi';
import { leaveMachine } from '../../../../machines/leave/leave.machine';
import { allowedEvents } from '../../../../machines/shared/lifecycle';
import {
  PAGE_SIZE,
  useAdminLeaves,
  useDecideLeave,
  useLeaveStats,
  type AdminLeave,
  type LeaveStatus,
} from '../../../api/admin';
import { errorMessage } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Card, Details, EmptyState, StatCard, StatusBadge } from '../../../components/Card';
import { CommentDialog } from '../../../components/CommentDialog';
import { FilterButtons, Pager } from '../../../components/Filters';
import { Skeleton } from '../../../components/Skeleton';
import { PageSpinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toaster';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatDate, formatDateTime, serviceLabel } from '../../../lib/format';
import { cardHead, cardList } from '../../../styles/list.css';
import { muted, pageHeader, pageTitle, row, stack, statGrid } from '../../../styles/utils.css';

type Filter = LeaveStatus | 'ALL';
type Decision = 'approve' | 'reject';

/** The owner's buttons for a leave, as the leave machine allows them. */
function ownerActions(leave: AdminLeave): Decision[] {
  const allowed = allowedEvents(leaveMachine, leaveFromApi(leave));
  return LEAVE_OWNER_ACTIONS.filter((type) => allowed.includes(type)).map((type) =>
    type === 'leave.approve' ? 'approve' : 'reject',
  );
}

export function AdminLeavesPage() {
  const notify = useToast();
  const [filter, setFilter] = useState<Filter>('PENDING');
  const [offset, setOffset] = useState(0);
  const leaves = useAdminLeaves(filter, offset);
  const stats = useLeaveStats();
  const decide = useDecideLeave();
  const [acting, setActing] = useState<{ leave: AdminLeave; decision: Decision } | null>(null);
  useErrorToast(leaves.isError, 'Failed to Load', 'Could not fetch leave requests.');
  useErrorToast(stats.isError, 'Failed to Load Stats', 'Could not fetch leave statistics.');

  const rows = leaves.data?.rows ?? [];
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Admin Leave Requests</h1>
          <p className={muted}>An approved leave moves the customer&apos;s end date by its days.</p>
        </div>
      </header>
      {stats.isError ? null : (
        // The figures keep their place while they load, so the list below does not move.
        <Skeleton loading={stats.isPending} label="Loading leave statistics">
          <div className={statGrid}>
            <StatCard label="Pending Leaves" value={stats.data?.pending_leaves ?? 0} />
            <StatCard label="Approved Today" value={stats.data?.approved_leaves_today ?? 0} />
            <StatCard label="Leaves This Month" value={stats.data?.total_leaves_this_month ?? 0} />
          </div>
        </Skeleton>
      )}
      <FilterButtons<Filter>
        label="Filter leave requests by status"
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setOffset(0);
        }}
        options={[
          { value: 'ALL', label: 'All' },
          { value: 'PENDING', label: 'Pending' },
          { value: 'APPROVED', label: 'Approved' },
          { value: 'REJECTED', label: 'Rejected' },
        ]}
      />
      {leaves.isPending ? (
        <PageSpinner label="Loading leave requests" />
      ) : leaves.isError ? (
        <Card role="alert">Could not fetch leave requests.</Card>
      ) : rows.length === 0 ? (
        <EmptyState title="No Leave Requests">
          <p className={muted}>Nothing to review here.</p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label="Leave requests">
          {rows.map((leave) => (
            <li key={leave.id}>
              <Card aria-label={`Leave request of ${leave.subscription_user.username}`}>
                <div className={cardHead()}>
                  <div>
                    <h2 style={{ fontSize: '1.05rem', margin: 0 }}>
                      {leave.subscription_user.full_name || leave.subscription_user.username}
                    </h2>
                    <p className={muted} style={{ margin: 0 }}>
                      @{leave.subscription_user.username} · {leave.user_phone}
                    </p>
                  </div>
                  <StatusBadge status={leave.status} lifecycle="leave" />
                </div>
                <Details
                  items={[
                    [
                      'Plan',
                      `${leave.subscription_plan} (${serviceLabel(leave.subscription.subscription_type)})`,
                    ],
                    ['From', formatDate(leave.leave_start_date)],
                    ['To', formatDate(leave.leave_end_date)],
                    [
                      'Duration',
                      `${leave.duration_days} day${leave.duration_days === 1 ? '' : 's'}`,
                    ],
                    ['Reason', leave.reason],
                    ['Requested', formatDateTime(leave.requested_at)],
                    ...(leave.approved_at
                      ? ([['Approved', formatDateTime(leave.approved_at)]] as [string, string][])
                      : []),
                    ...(leave.rejected_at
                      ? ([['Rejected', formatDateTime(leave.rejected_at)]] as [string, string][])
                      : []),
                    ...(leave.admin_comment
                      ? ([['Admin Comment', leave.admin_comment]] as [string, string][])
                      : []),
                  ]}
                />
                {ownerActions(leave).length > 0 ? (
                  <div className={row} style={{ marginTop: 12 }}>
                    {ownerActions(leave).map((decision) => (
                      <Button
                        key={decision}
                        size="sm"
                        tone={decision === 'approve' ? 'primary' : 'danger'}
                        onClick={() => setActing({ leave, decision })}
                      >
                        {decision === 'approve' ? 'Approve' : 'Reject'}
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
        label="Leave requests"
        offset={offset}
        limit={PAGE_SIZE}
        total={leaves.data?.total ?? 0}
        onOffset={setOffset}
      />
      <CommentDialog
        open={acting !== null}
        title={acting?.decision === 'reject' ? 'Reject Leave Request' : 'Approve Leave Request'}
        description={
          acting
            ? `${acting.leave.subscription_user.username}: ${formatDate(acting.leave.leave_start_date)} – ${formatDate(acting.leave.leave_end_date)} (${acting.leave.duration_days} days)`
            : undefined
        }
        commentLabel="Admin Comment"
        submitLabel={acting?.decision === 'reject' ? 'Reject' : 'Approve'}
        submitTone={acting?.decision === 'reject' ? 'danger' : 'primary'}
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
                        title: 'Leave Approved',
                        message: `The leave of ${acting.leave.subscription_user.username} was approved.`,
                      }
                    : {
                        tone: 'success',
                        title: 'Leave Rejected',
                        message: `The leave of ${acting.leave.subscription_user.username} was rejected.`,
                      },
                );
                setActing(null);
              },
              onError: (error) =>
                notify({
                  tone: 'error',
                  title: 'Action Failed',
                  message: errorMessage(error, 'Failed to process leave request.'),
                }),
            },
          );
        }}
      />
    </div>
  );
}
