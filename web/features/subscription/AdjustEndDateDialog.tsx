// "Adjust end date" for one active subscriber: days (negative shortens) and a reason, with the new
// end date previewed by the subscription machine itself, so the dialog refuses what the server would.
import type { FormEvent } from 'react';
import { decide, isNonBlank } from '@machines/shared';
import { subscriptionFromApi, subscriptionMachine } from '@machines/subscription';
import type { ActiveSubscriber } from '@web/api/admin';
import {
  useAdjustSubscription,
  useOwnerSubscription,
  type OwnerSubscription,
} from './subscription.api';
import { errorMessage, failureToast } from '@web/api/errors';
import { Details } from '@web/components/Card';
import { CancelSubmit } from '@web/components/Dialog';
import { formStyles } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { formatDate, todayIso } from '@web/lib/format';
import { muted } from '@web/styles/utils.css';
import { refusalText } from '@web/i18n/refusals';
import { ADJUSTMENT_TOAST_MESSAGES } from './messages';
import { AdjustmentFields, useAdjustment } from './AdjustmentFields';
import { SubscriptionDialog } from './SubscriptionDialog';
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

const activeSummary = (subscriber: ActiveSubscriber) => ({
  name: subscriber.full_name || subscriber.username,
  username: subscriber.username,
  plan: subscriber.plan_name,
  id: subscriber.subscription_id,
});

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
  const adjustment = useAdjustment(subscriber);
  const record = useOwnerSubscription(subscriber?.subscription_id ?? null);
  const adjust = useAdjustSubscription();

  const days = parseDays(adjustment.daysText);
  const daysError = Number.isNaN(days) ? t('superuser.adjust.daysInvalid') : null;
  const preview =
    record.data && !daysError ? adjustmentPreview(record.data, days, adjustment.reason) : null;
  const canSubmit = preview?.ok === true && adjustment.reasonGiven;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjustment.touch();
    if (!subscriber || !canSubmit) return;
    adjust.mutate(
      { id: subscriber.subscription_id, days, reason: adjustment.reason.trim() },
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
          notify(
            failureToast(
              error,
              translate(ADJUSTMENT_TOAST_MESSAGES.adjustFailed.title),
              translate(ADJUSTMENT_TOAST_MESSAGES.adjustFailed.message),
            ),
          ),
      },
    );
  };

  return (
    <SubscriptionDialog
      subject={subscriber}
      summary={activeSummary}
      title={t('superuser.adjust.title')}
      onClose={onClose}
    >
      {() => (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <AdjustmentFields
            adjustment={adjustment}
            daysLabel={t('superuser.adjust.days')}
            daysHint={t('superuser.adjust.daysHint')}
            daysError={daysError}
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
          <CancelSubmit
            onCancel={onClose}
            submit={t('superuser.adjust.save')}
            disabled={!canSubmit}
            busy={adjust.isPending}
          />
        </form>
      )}
    </SubscriptionDialog>
  );
}
