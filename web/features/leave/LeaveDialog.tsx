// The leave form, for a new request and for editing a pending one. It checks the leave rules the
// server applies (machines/leave/leave.rules.ts) as the dates are picked, so a refusal is explained
// under its field before anything is sent.
import { useEffect, useState, type FormEvent } from 'react';
import {
  leaveDuration,
  type LeaveFormField,
  leaveRefusalField,
  leaveRequestRefusals,
  otherLeaveFacts,
  validateLeaveRequest,
} from '@machines/leave';
import { addDays, allowedEvents, errorCode, isIsoDate, type Refusal } from '@machines/shared';
import { subscriptionFromApi, subscriptionMachine } from '@machines/subscription';
import { ApiError, failureToast } from '@web/api/errors';
import { useCreateLeave, useUpdateLeave, useLeavePolicy, type LeaveRequest } from './leave.api';
import { useSubscriptions } from '@web/features/subscription';
import { DateField } from '@web/components/DateField';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { formStyles, SelectField, TextAreaField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { todayIso } from '@web/lib/format';
import { refusalKeyText, refusalText } from '@web/i18n/refusals';
import * as styles from './LeaveDialog.css';

const PAST_DATES = leaveRequestRefusals.pastDates;

export function LeaveDialog({
  leaves,
  editing,
  onClose,
}: {
  /** The customer's leaves, for the one-pending and no-overlap rules. */
  leaves: readonly LeaveRequest[];
  /** The pending leave being edited; absent for a new request. */
  editing?: LeaveRequest;
  onClose: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const subscriptions = useSubscriptions();
  // The owner's numbers, which the server applies too (its before-cutoff check is the server's).
  const policy = useLeavePolicy();
  const create = useCreateLeave();
  const update = useUpdateLeave();
  const sending = editing ? update : create;
  // Leave is requested on a subscription whose machine allows it (an ACTIVE one); an edit stays on
  // the leave's own subscription.
  const all = subscriptions.data ?? [];
  const choices = editing
    ? all.filter((item) => item.id === editing.subscription.id)
    : all.filter((item) =>
        allowedEvents(subscriptionMachine, subscriptionFromApi(item)).includes(
          'subscription.request_leave',
        ),
      );
  const [subscription, setSubscription] = useState(editing ? String(editing.subscription.id) : '');
  const [start, setStart] = useState(editing?.leave_start_date ?? '');
  const [end, setEnd] = useState(editing?.leave_end_date ?? '');
  const [reason, setReason] = useState(editing?.reason ?? '');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!subscription && choices.length === 1 && choices[0]) {
      setSubscription(String(choices[0].id));
    }
  }, [choices, subscription]);

  const today = todayIso();
  const chosen = all.find((item) => String(item.id) === subscription);
  const startValid = isIsoDate(start);
  const endValid = isIsoDate(end);

  // The rules need both dates; with only the start picked, its own rules are checked already.
  let refusals: readonly Refusal[] = [];
  if (startValid) {
    const dates = { startDate: start, endDate: endValid ? end : start };
    const verdict = validateLeaveRequest({
      ...dates,
      today,
      adjustedEndDate: chosen?.adjusted_end_date ?? null,
      subscriptionStartDate: chosen?.start_date ?? null,
      // Until a subscription is chosen only the dates are judged.
      subscriptionStatus: chosen?.status ?? 'ACTIVE',
      ...otherLeaveFacts(dates, leaves, editing?.id ?? null),
      policy,
    });
    if (!verdict.ok) refusals = verdict.refusals;
  }
  const ruleError = (field: LeaveFormField) => {
    const refusal = refusals.find((item) => leaveRefusalField(item) === field);
    return refusal ? refusalText(refusal) : undefined;
  };
  const formRefusals = refusals.filter((refusal) => leaveRefusalField(refusal) === null);

  const required = {
    subscription: subscription ? undefined : t('leaves.required.subscription'),
    start: start ? undefined : t('leaves.required.start'),
    end: end ? undefined : t('leaves.required.end'),
    reason: reason.trim() ? undefined : t('leaves.required.reason'),
  };
  const show = (error: string | undefined) => (submitted ? error : undefined);
  const duration = startValid && endValid ? leaveDuration(start, end) : null;
  // The picker offers only days the rules allow: from today, starting by the subscription's end,
  // ending at most the policy's longest leave after the start.
  const latestStart = chosen?.adjusted_end_date ?? undefined;
  const earliestEnd = startValid ? start : today;
  const latestEnd = startValid ? addDays(start, policy.max_days - 1) : undefined;

  const failed = (error: unknown) => {
    // The server writes its sentence in the app's language; its code names it in any language.
    const code = error instanceof ApiError ? errorCode(error.body) : null;
    if (code === PAST_DATES.code) {
      notify({
        tone: 'error',
        title: t('leaves.toast.invalidDate.title'),
        message: refusalText(PAST_DATES),
      });
    } else if (code === 'leave.pending_exists') {
      notify(
        failureToast(
          error,
          t('leaves.toast.cannotSubmit.title'),
          refusalKeyText('leave.pending_exists'),
        ),
      );
    } else {
      notify(
        failureToast(
          error,
          t('leaves.toast.submitFailed.title'),
          editing ? t('leaves.toast.updateFailed.message') : t('leaves.toast.submitFailed.message'),
        ),
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(required).some(Boolean) || refusals.length > 0) return;
    const fields = { leave_start_date: start, leave_end_date: end, reason: reason.trim() };
    if (editing) {
      update.mutate(
        { id: editing.id, body: fields },
        {
          onSuccess: (leave) => {
            notify({
              tone: 'success',
              title: t('leaves.toast.updated.title'),
              message: t('leaves.toast.waiting', { count: leave.duration_days }),
            });
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { subscription: Number(subscription), ...fields },
        {
          onSuccess: (leave) => {
            notify({
              tone: 'success',
              title: t('leaves.toast.submitted.title'),
              message: t('leaves.toast.waiting', { count: leave.duration_days }),
            });
            onClose();
          },
          onError: failed,
        },
      );
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={editing ? t('leaves.dialog.editTitle') : t('leaves.request')}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <SelectField
          label={t('leaves.field.subscription')}
          placeholder={
            editing
              ? undefined
              : choices.length === 0
                ? t('leaves.field.noActive')
                : t('leaves.field.selectSubscription')
          }
          value={subscription}
          disabled={!!editing}
          hint={editing ? t('leaves.field.subscriptionHint') : undefined}
          error={show(required.subscription) ?? ruleError('subscription')}
          onChange={(event) => setSubscription(event.target.value)}
          options={
            editing && choices.length === 0
              ? [
                  {
                    value: subscription,
                    label: `${planText(editing.subscription.plan_name, editing.subscription.plan_name_hi)} (#${subscription})`,
                  },
                ]
              : choices.map((item) => ({
                  value: String(item.id),
                  label: `${planText(item.plan.name, item.plan.name_hi)} (#${item.id})`,
                }))
          }
        />
        <div className={formStyles.formGrid}>
          <DateField
            label={t('leaves.field.start')}
            min={today}
            max={latestStart}
            value={start}
            error={show(required.start) ?? ruleError('leave_start_date')}
            onChange={(event) => setStart(event.target.value)}
          />
          <DateField
            label={t('leaves.field.end')}
            min={earliestEnd}
            max={latestEnd}
            value={end}
            hint={t('leaves.field.endHint', { count: policy.max_days })}
            error={show(required.end) ?? (endValid ? ruleError('leave_end_date') : undefined)}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
        <p aria-live="polite">
          {t('leaves.duration')}{' '}
          <strong>
            {duration !== null && duration > 0 ? t('leaves.days', { count: duration }) : '—'}
          </strong>
        </p>
        <TextAreaField
          label={t('leaves.reason')}
          value={reason}
          maxLength={500}
          error={show(required.reason)}
          onChange={(event) => setReason(event.target.value)}
        />
        {formRefusals.length > 0 ? (
          <ul className={styles.refusals} role="alert">
            {formRefusals.map((refusal) => (
              <li key={refusal.code}>{refusalText(refusal)}</li>
            ))}
          </ul>
        ) : null}
        <CancelSubmit
          className={styles.formActions}
          onCancel={onClose}
          submit={editing ? t('leaves.saveChanges') : t('leaves.submitRequest')}
          busy={sending.isPending}
        />
      </form>
    </Dialog>
  );
}
