// Leave Requests: counters, collapsible terms, the list (a pending leave can be edited or withdrawn)
// and the request modal.
import { useEffect, useState } from 'react';
import { LEAVE_CUSTOMER_ACTIONS, leaveFromApi, leaveMachine } from '@machines/leave';
import { allowedEvents } from '@machines/shared';
import {
  useDeleteLeave,
  useLeavePolicy,
  useLeaves,
  type LeaveRequest,
  LeaveDialog,
} from '@web/features/leave';
import { Button } from '@web/components/Button';
import { Card, Details, EmptyState, StatCard } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { Dialog } from '@web/components/Dialog';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { formatDate, formatDateTime } from '@web/lib/format';
import { cardHead, cardList } from '@web/styles/list.css';
import { muted, stack, statGrid } from '@web/styles/utils.css';
import * as styles from './LeavesPage.css';
import { refusalKeyText } from '@web/i18n/refusals';
import { failureToast } from '@web/api/errors';

type CustomerAction = (typeof LEAVE_CUSTOMER_ACTIONS)[number];

/** What the leave machine lets the customer do with this leave (edit and withdraw while PENDING). */
function customerActions(leave: LeaveRequest): CustomerAction[] {
  const allowed = allowedEvents(leaveMachine, leaveFromApi(leave));
  return LEAVE_CUSTOMER_ACTIONS.filter((action) => allowed.includes(action));
}

const period = (leave: LeaveRequest) =>
  `${formatDate(leave.leave_start_date)} – ${formatDate(leave.leave_end_date)}`;

export function LeavesPage() {
  const t = useT();
  const notify = useToast();
  const leaves = useLeaves();
  const policy = useLeavePolicy();
  const [requesting, setRequesting] = useState(false);
  const [editing, setEditing] = useState<LeaveRequest | null>(null);
  const [withdrawing, setWithdrawing] = useState<LeaveRequest | null>(null);

  useEffect(() => {
    if (leaves.isError)
      notify({
        tone: 'error',
        title: t('leaves.loadFailed.title'),
        message: t('leaves.loadFailed.message'),
      });
  }, [leaves.isError, notify, t]);

  const all = leaves.data ?? [];
  const count = (status: string) => all.filter((leave) => leave.status === status).length;
  // One pending leave at a time: the button waits until it is decided, edited away or withdrawn.
  const hasPending = count('PENDING') > 0;

  return (
    <div className={stack}>
      <PageHeader title={t('leaves.title')} intro={t('leaves.intro')}>
        <div className={styles.requestAction}>
          <Button
            disabled={hasPending || leaves.isPending}
            aria-describedby={hasPending ? 'leave-pending-note' : undefined}
            onClick={() => setRequesting(true)}
          >
            {t('leaves.request')}
          </Button>
          {hasPending ? (
            <p id="leave-pending-note" className={styles.requestNote}>
              {refusalKeyText('leave.pending_exists')} {t('leaves.pendingNoteAction')}
            </p>
          ) : null}
        </div>
      </PageHeader>
      <div className={statGrid}>
        <StatCard label={t('leaves.stat.total')} value={all.length} />
        <StatCard label={t('leaves.stat.pending')} value={count('PENDING')} />
        <StatCard label={t('leaves.stat.approved')} value={count('APPROVED')} />
        <StatCard label={t('leaves.stat.rejected')} value={count('REJECTED')} />
      </div>
      <Card>
        <details>
          <summary className={styles.termsSummary}>{t('leaves.terms.title')}</summary>
          <ul className={muted}>
            <li>{t('leaves.terms.active')}</li>
            <li>{t('leaves.terms.length', { count: policy.max_days })}</li>
            {policy.max_days_per_month === null ? null : (
              <li>{t('leaves.terms.monthMax', { count: policy.max_days_per_month })}</li>
            )}
            {policy.before_cutoff ? <li>{t('leaves.terms.beforeCutoff')}</li> : null}
            <li>{t('leaves.terms.onePending')}</li>
            <li>{t('leaves.terms.approved')}</li>
            {policy.min_extending_days > 1 ? (
              <li>{t('leaves.terms.minExtending', { count: policy.min_extending_days })}</li>
            ) : null}
          </ul>
        </details>
      </Card>
      {leaves.isPending ? (
        <PageSpinner label={t('leaves.loading')} />
      ) : leaves.isError ? (
        <Card role="alert">{t('leaves.loadFailed.message')}</Card>
      ) : all.length === 0 ? (
        <EmptyState title={t('leaves.empty.title')}>
          <p className={muted}>{t('leaves.empty.text')}</p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('leaves.list')}>
          {all.map((leave) => {
            const actions = customerActions(leave);
            return (
              <li key={leave.id}>
                <Card aria-labelledby={`leave-${leave.id}`}>
                  <div className={cardHead({ spaced: true })}>
                    <div>
                      <h2 id={`leave-${leave.id}`}>{period(leave)}</h2>
                      <p className={muted}>
                        {planText(leave.subscription.plan_name, leave.subscription.plan_name_hi)} ·{' '}
                        {t('leaves.days', { count: leave.duration_days })}
                      </p>
                    </div>
                    <StatusBadge status={leave.status} />
                  </div>
                  <Details
                    items={[
                      [t('leaves.reason'), leave.reason],
                      [t('leaves.requested'), formatDateTime(leave.requested_at)],
                      leave.admin_comment ? [t('leaves.comment'), leave.admin_comment] : null,
                    ]}
                  />
                  {actions.length > 0 ? (
                    <div className={styles.cardActions}>
                      {actions.includes('leave.update') ? (
                        <Button size="sm" tone="secondary" onClick={() => setEditing(leave)}>
                          {t('leaves.edit')}
                        </Button>
                      ) : null}
                      {actions.includes('leave.delete') ? (
                        <Button size="sm" tone="secondary" onClick={() => setWithdrawing(leave)}>
                          {t('leaves.withdraw')}
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
  const t = useT();
  const notify = useToast();
  const remove = useDeleteLeave();
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('leaves.withdrawDialog.title')}
      description={t('leaves.withdrawDialog.description', { period: period(leave) })}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {t('leaves.withdrawDialog.keep')}
          </Button>
          <Button
            tone="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(leave.id, {
                onSuccess: () => {
                  notify({
                    tone: 'success',
                    title: t('leaves.toast.withdrawn.title'),
                    message: t('leaves.toast.withdrawn.message', { period: period(leave) }),
                  });
                  onClose();
                },
                onError: (error) =>
                  notify(
                    failureToast(
                      error,
                      t('leaves.toast.withdrawFailed.title'),
                      t('leaves.toast.withdrawFailed.message'),
                    ),
                  ),
              })
            }
          >
            {t('leaves.withdrawDialog.confirm')}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
