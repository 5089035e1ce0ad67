// Leave Requests: counters, collapsible terms, the list (a pending leave can be edited or withdrawn)
// and the request modal.
import { useEffect, useState } from 'react';
import { leaveFromApi } from '../../../machines/leave/leave.fromApi';
import { leaveMachine } from '../../../machines/leave/leave.machine';
import { LEAVE_CUSTOMER_ACTIONS } from '../../../machines/leave/leave.events';
import { MAX_LEAVE_DAYS } from '../../../machines/shared/constants';
import { allowedEvents } from '../../../machines/shared/lifecycle';
import { errorMessage } from '../../api/errors';
import { useDeleteLeave } from '../../api/mutations';
import { useLeaves, type LeaveRequest } from '../../api/queries';
import { Button } from '../../components/Button';
import { Card, Details, EmptyState, StatCard, StatusBadge } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDate, formatDateTime } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, stack, statGrid } from '../../styles/utils.css';
import { LeaveDialog, PENDING_EXISTS } from './LeaveDialog';
import * as styles from './LeavesPage.css';

type CustomerAction = (typeof LEAVE_CUSTOMER_ACTIONS)[number];

/** What the leave machine lets the customer do with this leave (edit and withdraw while PENDING). */
function customerActions(leave: LeaveRequest): CustomerAction[] {
  const allowed = allowedEvents(leaveMachine, leaveFromApi(leave));
  return LEAVE_CUSTOMER_ACTIONS.filter((action) => allowed.includes(action));
}

const period = (leave: LeaveRequest) =>
  `${formatDate(leave.leave_start_date)} – ${formatDate(leave.leave_end_date)}`;

export function LeavesPage() {
  const notify = useToast();
  const leaves = useLeaves();
  const [requesting, setRequesting] = useState(false);
  const [editing, setEditing] = useState<LeaveRequest | null>(null);
  const [withdrawing, setWithdrawing] = useState<LeaveRequest | null>(null);

  useEffect(() => {
    if (leaves.isError)
      notify({
        tone: 'error',
        title: 'Failed to Load',
        message: 'Could not fetch leave requests.',
      });
  }, [leaves.isError, notify]);

  const all = leaves.data ?? [];
  const count = (status: string) => all.filter((leave) => leave.status === status).length;
  // One pending leave at a time: the button waits until it is decided, edited away or withdrawn.
  const hasPending = count('PENDING') > 0;

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Leave Requests</h1>
          <p className={muted}>Away for a few days? Approved leave extends your plan.</p>
        </div>
        <div className={styles.requestAction}>
          <Button
            disabled={hasPending || leaves.isPending}
            aria-describedby={hasPending ? 'leave-pending-note' : undefined}
            onClick={() => setRequesting(true)}
          >
            Request Leave
          </Button>
          {hasPending ? (
            <p id="leave-pending-note" className={styles.requestNote}>
              {PENDING_EXISTS} Edit or withdraw it below.
            </p>
          ) : null}
        </div>
      </header>
      <div className={statGrid}>
        <StatCard label="Total" value={all.length} />
        <StatCard label="Pending" value={count('PENDING')} />
        <StatCard label="Approved" value={count('APPROVED')} />
        <StatCard label="Rejected" value={count('REJECTED')} />
      </div>
      <Card>
        <details>
          <summary style={{ cursor: 'pointer', fontWeight: 700 }}>Leave terms</summary>
          <ul className={muted}>
            <li>Leave can be requested only on an active subscription, starting today or later.</li>
            <li>
              A leave lasts at most {MAX_LEAVE_DAYS} days; both the first and the last day count.
            </li>
            <li>You can have one pending request at a time, and leaves cannot overlap.</li>
            <li>
              A pending request can be edited or withdrawn. Once approved, your plan&apos;s end date
              moves by the days of leave, and the leave cannot be changed.
            </li>
          </ul>
        </details>
      </Card>
      {leaves.isPending ? (
        <PageSpinner label="Loading leave requests" />
      ) : leaves.isError ? (
        <Card role="alert">Could not fetch leave requests.</Card>
      ) : all.length === 0 ? (
        <EmptyState title="No Leave Requests">
          <p className={muted}>Your leave requests will appear here.</p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label="Leave requests">
          {all.map((leave) => {
            const actions = customerActions(leave);
            return (
              <li key={leave.id}>
                <Card aria-labelledby={`leave-${leave.id}`}>
                  <div className={cardHead({ spaced: true })}>
                    <div>
                      <h2 id={`leave-${leave.id}`}>{period(leave)}</h2>
                      <p className={muted}>
                        {leave.subscription.plan_name} · {leave.duration_days} day
                        {leave.duration_days === 1 ? '' : 's'}
                      </p>
                    </div>
                    <StatusBadge status={leave.status} />
                  </div>
                  <Details
                    items={[
                      ['Reason', leave.reason],
                      ['Requested', formatDateTime(leave.requested_at)],
                      ...(leave.admin_comment
                        ? ([['Comment', leave.admin_comment]] as [string, string][])
                        : []),
                    ]}
                  />
                  {actions.length > 0 ? (
                    <div className={styles.cardActions}>
                      {actions.includes('leave.update') ? (
                        <Button size="sm" tone="secondary" onClick={() => setEditing(leave)}>
                          Edit
                        </Button>
                      ) : null}
                      {actions.includes('leave.delete') ? (
                        <Button size="sm" tone="secondary" onClick={() => setWithdrawing(leave)}>
                          Withdraw
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {requesting ? <LeaveDialog leaves={all} onClose={() => setRequesting(false)} /> : null}
      {editing ? (
        <LeaveDialog leaves={all} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
      {withdrawing ? (
        <WithdrawLeaveDialog leave={withdrawing} onClose={() => setWithdrawing(null)} />
      ) : null}
    </div>
  );
}

function WithdrawLeaveDialog({ leave, onClose }: { leave: LeaveRequest; onClose: () => void }) {
  const notify = useToast();
  const remove = useDeleteLeave();
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title="Withdraw Leave Request"
      description={`Withdraw your leave for ${period(leave)}? The mess will no longer see it, and you can request another.`}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            Keep Request
          </Button>
          <Button
            tone="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(leave.id, {
                onSuccess: () => {
                  notify({
                    tone: 'success',
                    title: 'Leave Request Withdrawn',
                    message: `${period(leave)} is no longer requested.`,
                  });
                  onClose();
                },
                onError: (error) =>
                  notify({
                    tone: 'error',
                    title: 'Withdraw Failed',
                    message: errorMessage(error, 'Failed to withdraw leave request.'),
                  }),
              })
            }
          >
            Withdraw Request
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
