// "Adjust end date" for one active subscriber: days (negative shortens) and a reason, with the new
// end date previewed by the subscription machine itself, so the dialog refuses what the server would.
import { useEffect, useState, type FormEvent } from 'react';
import { decide } from '../../../../machines/shared/lifecycle';
import { isNonBlank } from '../../../../machines/shared/text';
import { subscriptionFromApi } from '../../../../machines/subscription/subscription.fromApi';
import { subscriptionMachine } from '../../../../machines/subscription/subscription.machine';
import { SUBSCRIPTION_ADJUSTMENT_TOASTS } from '../../../../machines/subscription/subscription.messages';
import type { ActiveSubscriber } from '../../../api/admin';
import {
  useAdjustSubscription,
  useOwnerSubscription,
  type OwnerSubscription,
} from '../../../api/adjustments';
import { errorMessage } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Details } from '../../../components/Card';
import { Dialog } from '../../../components/Dialog';
import { formStyles, TextAreaField, TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toaster';
import { formatDate, todayIso } from '../../../lib/format';
import { muted, row } from '../../../styles/utils.css';
import * as styles from './SuperuserPage.css';

/** What the machine says about `days` on `record`: the new end date or the refusal sentence. */
export function adjustmentPreview(record: OwnerSubscription, days: number, reason: string) {
  const decision = decide(subscriptionMachine, subscriptionFromApi(record), {
    type: 'subscription.adjust',
    days,
    // The reason has its own field error; the preview is about the days.
    reason: isNonBlank(reason) ? reason : 'preview',
    today: todayIso(),
  });
  return decision.ok
    ? ({ ok: true, endDate: decision.context.adjustedEndDate } as const)
    : ({ ok: false, message: decision.message } as const);
}

const parseDays = (text: string) => (/^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function AdjustEndDateDialog({
  subscriber,
  onClose,
}: {
  subscriber: ActiveSubscriber | null;
  onClose: () => void;
}) {
  const notify = useToast();
  const [daysText, setDaysText] = useState('1');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const record = useOwnerSubscription(subscriber?.subscription_id ?? null);
  const adjust = useAdjustSubscription();
  useEffect(() => {
    if (subscriber) {
      setDaysText('1');
      setReason('');
      setTouched(false);
    }
  }, [subscriber]);

  const days = parseDays(daysText);
  const daysError = Number.isNaN(days) ? 'Days must be a whole number, e.g. 2 or -1' : null;
  const reasonError = touched && !isNonBlank(reason) ? 'Reason is required' : null;
  const preview = record.data && !daysError ? adjustmentPreview(record.data, days, reason) : null;
  const canSubmit = preview?.ok === true && isNonBlank(reason);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!subscriber || !canSubmit) return;
    adjust.mutate(
      { id: subscriber.subscription_id, days, reason: reason.trim() },
      {
        onSuccess: (updated) => {
          notify({
            tone: 'success',
            title: SUBSCRIPTION_ADJUSTMENT_TOASTS.adjusted.title,
            message: `${subscriber.username}'s subscription now ends on ${formatDate(updated.adjusted_end_date)}.`,
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: SUBSCRIPTION_ADJUSTMENT_TOASTS.adjustFailed.title,
            message: errorMessage(error, SUBSCRIPTION_ADJUSTMENT_TOASTS.adjustFailed.message),
          }),
      },
    );
  };

  return (
    <Dialog
      open={subscriber !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Adjust end date"
      description={
        subscriber
          ? `${subscriber.full_name || subscriber.username} (@${subscriber.username}) · ${subscriber.plan_name} · subscription #${subscriber.subscription_id}`
          : undefined
      }
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label="Days"
          inputMode="numeric"
          value={daysText}
          onChange={(event) => setDaysText(event.target.value)}
          hint="A positive number extends, a negative one shortens (only days given before)."
          error={daysError}
          autoComplete="off"
        />
        <TextAreaField
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={reasonError}
          rows={3}
          maxLength={500}
          placeholder="Kitchen closed for Diwali"
        />
        <section aria-live="polite" aria-label="Preview" className={styles.preview}>
          {record.isPending ? (
            <Spinner size="sm" label="Loading the subscription" />
          ) : record.isError ? (
            <p role="alert">{errorMessage(record.error, 'Could not load the subscription.')}</p>
          ) : (
            <>
              <Details
                items={[
                  ['Current end date', formatDate(record.data.adjusted_end_date)],
                  [
                    'New end date',
                    preview?.ok ? <strong>{formatDate(preview.endDate)}</strong> : '—',
                  ],
                ]}
              />
              {preview && !preview.ok ? <p className={styles.refusal}>{preview.message}</p> : null}
              <p className={muted}>
                The customer gets an e-mail and an SMS with the new date and the reason. Leave days
                and the paid period do not change.
              </p>
            </>
          )}
        </section>
        <div className={row} style={{ justifyContent: 'flex-end' }}>
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit} busy={adjust.isPending}>
            Save new end date
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
