// Leave Requests: counters, collapsible terms, the list and the request modal.
import { useEffect, useState, type FormEvent } from 'react';
import { leaveDuration } from '../../../machines/leave/leave.rules';
import { MAX_LEAVE_DAYS } from '../../../machines/shared/constants';
import { isIsoDate } from '../../../machines/shared/dates';
import { errorCode } from '../../../machines/shared/error-sentence';
import { allowedEvents } from '../../../machines/shared/lifecycle';
import { subscriptionFromApi } from '../../../machines/subscription/subscription.fromApi';
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine';
import { ApiError, errorMessage } from '../../api/errors';
import { useCreateLeave } from '../../api/mutations';
import { useLeaves, useSubscriptions } from '../../api/queries';
import { Button } from '../../components/Button';
import { Card, Details, EmptyState, StatCard, StatusBadge } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { formStyles, SelectField, TextAreaField, TextField } from '../../components/Field';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDate, formatDateTime, todayIso } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, stack, statGrid } from '../../styles/utils.css';

const PENDING_EXISTS = 'You already have a pending leave request.';
const PAST_DATES = 'Cannot request leave for past dates';

export function LeavesPage() {
  const notify = useToast();
  const leaves = useLeaves();
  const [open, setOpen] = useState(false);

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
  const hasPending = count('PENDING') > 0;

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Leave Requests</h1>
          <p className={muted}>Away for a few days? Approved leave extends your plan.</p>
        </div>
        <Button
          onClick={() => {
            if (hasPending) {
              notify({
                tone: 'error',
                title: 'Cannot Submit Leave Request',
                message: PENDING_EXISTS,
              });
              return;
            }
            setOpen(true);
          }}
        >
          Request Leave
        </Button>
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
              Once approved, your plan&apos;s end date moves by the days of leave. Approved leave
              cannot be changed.
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
          {all.map((leave) => (
            <li key={leave.id}>
              <Card aria-labelledby={`leave-${leave.id}`}>
                <div className={cardHead({ spaced: true })}>
                  <div>
                    <h2 id={`leave-${leave.id}`}>
                      {formatDate(leave.leave_start_date)} – {formatDate(leave.leave_end_date)}
                    </h2>
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
              </Card>
            </li>
          ))}
        </ul>
      )}
      {open ? <LeaveRequestDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function LeaveRequestDialog({ onClose }: { onClose: () => void }) {
  const notify = useToast();
  const subscriptions = useSubscriptions();
  const create = useCreateLeave();
  // Leave is requested on a subscription whose machine allows it (an ACTIVE one).
  const active = (subscriptions.data ?? []).filter((item) =>
    allowedEvents(subscriptionMachine, subscriptionFromApi(item)).includes(
      'subscription.request_leave',
    ),
  );
  const [subscription, setSubscription] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!subscription && active.length === 1 && active[0]) setSubscription(String(active[0].id));
  }, [active, subscription]);

  const errors = {
    subscription: subscription ? undefined : 'Subscription is required',
    start: start ? undefined : 'Start date is required',
    end: end ? undefined : 'End date is required',
    reason: reason.trim() ? undefined : 'Reason is required',
  };
  const show = (error: string | undefined) => (submitted ? error : undefined);
  const duration = isIsoDate(start) && isIsoDate(end) ? leaveDuration(start, end) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    create.mutate(
      {
        subscription: Number(subscription),
        leave_start_date: start,
        leave_end_date: end,
        reason: reason.trim(),
      },
      {
        onSuccess: (leave) => {
          notify({
            tone: 'success',
            title: 'Leave Request Submitted',
            message: `${leave.duration_days} day${leave.duration_days === 1 ? '' : 's'}, waiting for approval.`,
          });
          onClose();
        },
        onError: (error) => {
          const nonField = error instanceof ApiError ? (error.body?.non_field_errors ?? []) : [];
          const code = error instanceof ApiError ? errorCode(error.body) : null;
          if (nonField.some((text) => text.includes(PAST_DATES))) {
            notify({ tone: 'error', title: 'Invalid Date Selection', message: PAST_DATES });
          } else if (code === 'leave.pending_exists') {
            notify({
              tone: 'error',
              title: 'Cannot Submit Leave Request',
              message: errorMessage(error, PENDING_EXISTS),
            });
          } else {
            notify({
              tone: 'error',
              title: 'Submission Failed',
              message: errorMessage(error, 'Failed to submit leave request.'),
            });
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title="Request Leave"
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <SelectField
          label="Subscription"
          placeholder={active.length === 0 ? 'No active subscription' : 'Select subscription'}
          value={subscription}
          error={show(errors.subscription)}
          onChange={(event) => setSubscription(event.target.value)}
          options={active.map((item) => ({
            value: String(item.id),
            label: `${item.plan.name} (#${item.id})`,
          }))}
        />
        <div className={formStyles.formGrid}>
          <TextField
            label="Start date"
            type="date"
            min={todayIso()}
            value={start}
            error={show(errors.start)}
            onChange={(event) => setStart(event.target.value)}
          />
          <TextField
            label="End date"
            type="date"
            min={start || todayIso()}
            value={end}
            error={show(errors.end)}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
        <p aria-live="polite">
          Duration:{' '}
          <strong>
            {duration !== null && duration > 0
              ? `${duration} day${duration === 1 ? '' : 's'}`
              : '—'}
          </strong>
        </p>
        <TextAreaField
          label="Reason"
          value={reason}
          error={show(errors.reason)}
          onChange={(event) => setReason(event.target.value)}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" busy={create.isPending}>
            Submit Request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
