// "Adjust end date" for one active subscriber: days (negative shortens) and a reason, with the new
// end date previewed by the subscription machine itself, so the dialog refuses what the server would.
import { useEffect, useState, type FormEvent } from 'react';
import { decide, isNonBlank } from '@machines/shared';
import { subscriptionFromApi, subscriptionMachine } from '@machines/subscription';
import type { ActiveSubscriber } from '@web/api/admin';
import {
  useAdjustSubscription,
  useOwnerSubscription,
  type OwnerSubscription,
} from './subscription.api';
import { errorMessage } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { formStyles, TextAreaField, TextField } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { formatDate, todayIso } from '@web/lib/format';
import { actionRow, muted } from '@web/styles/utils.css';
import { refusalText } from '@web/i18n/refusals';
import { ADJUSTMENT_TOAST_MESSAGES } from './messages';
import * as styles from './subscription.css';

/**
 * What the machine says about `days` on `record`: the new end date or its refusal (the dialog
 * shows the refusal's sentence in the current language).
 */
function adjustmentPreview(record: OwnerSubscription, days: number, reason: string) {
  const decision = decide(subscriptionMachine, subscriptionFromApi(record), {
    type: 'subscription.adjust',
    days,
    // The reason has its own field error; the preview is about the days.
    reason: isNonBlank(reason) ? reason : 'preview',
    today: todayIso(),
  });
  return decision.ok
    ? ({ ok: true, endDate: decision.context.adjustedEndDate } as const)
    : ({ ok: false, refused: decision } as const);
}

const parseDays = (text: string) => (/^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function AdjustEndDateDialog({
  subscriber,
  onClose,
}: {
  subscriber: ActiveSubscriber | null;
  onClose: () => void;
}) {
  const t = useT();
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
  const daysError = Number.isNaN(days) ? t('superuser.adjust.daysInvalid') : null;
  const reasonError = touched && !isNonBlank(reason) ? t('superuser.reasonRequired') : null;
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
            title: translate(ADJUSTMENT_TOAST_MESSAGES.adjusted.title),
            message: translate('superuser.adjust.toast.message', {
              username: subscriber.username,
              date: formatDate(updated.adjusted_end_date),
            }),
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: translate(ADJUSTMENT_TOAST_MESSAGES.adjustFailed.title),
            message: errorMessage(error, translate(ADJUSTMENT_TOAST_MESSAGES.adjustFailed.message)),
          }),
      },
    );
  };

  return (
    <Dialog
      open={subscriber !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('superuser.adjust.title')}
      description={
        subscriber
          ? t('superuser.subscriptionSummary', {
              name: subscriber.full_name || subscriber.username,
              username: subscriber.username,
              plan: subscriber.plan_name,
              id: subscriber.subscription_id,
            })
          : undefined
      }
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('superuser.adjust.days')}
          inputMode="numeric"
          value={daysText}
          onChange={(event) => setDaysText(event.target.value)}
          hint={t('superuser.adjust.daysHint')}
          error={daysError}
          autoComplete="off"
        />
        <TextAreaField
          label={t('superuser.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={reasonError}
          rows={3}
          maxLength={500}
          placeholder={t('superuser.reasonPlaceholder')}
        />
        <section
          aria-live="polite"
          aria-label={t('superuser.adjust.preview')}
          className={styles.preview}
        >
          {record.isPending ? (
            <Spinner size="sm" label={t('superuser.adjust.loading')} />
          ) : record.isError ? (
            <p role="alert">{errorMessage(record.error, t('superuser.adjust.loadFailed'))}</p>
          ) : (
            <>
              <Details
                items={[
                  [t('superuser.adjust.currentEnd'), formatDate(record.data.adjusted_end_date)],
                  [
                    t('superuser.adjust.newEnd'),
                    preview?.ok ? <strong>{formatDate(preview.endDate)}</strong> : '—',
                  ],
                ]}
              />
              {preview && !preview.ok ? (
                <p className={styles.refusal}>{refusalText(preview.refused)}</p>
              ) : null}
              <p className={muted}>{t('superuser.adjust.notice')}</p>
            </>
          )}
        </section>
        <div className={actionRow}>
          <Button tone="secondary" onClick={onClose}>
            {t('superuser.cancel')}
          </Button>
          <Button type="submit" disabled={!canSubmit} busy={adjust.isPending}>
            {t('superuser.adjust.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
