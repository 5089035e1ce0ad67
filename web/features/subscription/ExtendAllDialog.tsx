// "Extend all active": days and a reason, then a confirmation that says how many subscriptions will
// move. The server runs it as one operation (named by today, the days and the reason), so sending it
// twice moves nobody twice.
import { useEffect, useState, type FormEvent } from 'react';
import { MAX_ADJUSTMENT_DAYS } from '@machines/shared';
import { useActiveSubscribers } from '@web/api/admin';
import { useExtendAllActive } from './subscription.api';
import { Button } from '@web/components/Button';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { formStyles } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { Trans } from '@web/i18n/Trans';
import { actionRow, muted } from '@web/styles/utils.css';
import { ADJUSTMENT_TOAST_MESSAGES } from './messages';
import { AdjustmentFields, useAdjustment } from './AdjustmentFields';
import * as styles from './subscription.css';
import { failureToast } from '@web/api/errors';

export function ExtendAllDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const notify = useToast();
  const adjustment = useAdjustment(open);
  const { daysText, reason } = adjustment;
  const [confirming, setConfirming] = useState(false);
  // How many would move: every ACTIVE subscription (X-Total-Count of the unfiltered list).
  const count = useActiveSubscribers({ limit: 1, offset: 0 }, open);
  const extend = useExtendAllActive();
  useEffect(() => {
    if (open) setConfirming(false);
  }, [open]);

  const days = /^\d+$/.test(daysText.trim()) ? Number(daysText) : Number.NaN;
  const daysError =
    Number.isInteger(days) && days >= 1 && days <= MAX_ADJUSTMENT_DAYS
      ? null
      : t('superuser.extend.daysInvalid', { max: MAX_ADJUSTMENT_DAYS });
  const total = count.data?.total;

  const review = (event: FormEvent) => {
    event.preventDefault();
    adjustment.touch();
    if (daysError || !adjustment.reasonGiven) return;
    void count.refetch();
    setConfirming(true);
  };

  const confirm = () =>
    extend.mutate(
      { days, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notify({
            tone: 'success',
            title: translate(ADJUSTMENT_TOAST_MESSAGES.extendedAll.title),
            message: translate(
              result.replayed ? 'superuser.extend.toast.replayed' : 'superuser.extend.toast.moved',
              { moved: result.moved, days: result.days },
            ),
          });
          onClose();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              translate(ADJUSTMENT_TOAST_MESSAGES.extendAllFailed.title),
              translate(ADJUSTMENT_TOAST_MESSAGES.extendAllFailed.message),
            ),
          ),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={confirming ? t('superuser.extend.confirmTitle') : t('superuser.extend.title')}
      description={confirming ? undefined : t('superuser.extend.description')}
    >
      {confirming ? (
        <div className={formStyles.form}>
          {total === undefined || count.isFetching ? (
            <Spinner size="sm" label={t('superuser.extend.counting')} />
          ) : (
            <p className={styles.confirmation}>
              <Trans
                id="superuser.extend.confirm"
                values={{ total, days }}
                components={{ 0: <strong />, 1: <strong /> }}
              />
            </p>
          )}
          <p>
            {t('superuser.extend.reason')} <q>{reason.trim()}</q>
          </p>
          <p className={muted}>{t('superuser.extend.notice')}</p>
          <div className={actionRow}>
            <Button tone="secondary" onClick={() => setConfirming(false)}>
              {t('superuser.extend.back')}
            </Button>
            <Button
              onClick={confirm}
              busy={extend.isPending}
              disabled={total === undefined || total === 0 || count.isFetching}
            >
              {total === undefined
                ? t('superuser.extend.submit')
                : t('superuser.extend.submitCount', { count: total })}
            </Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={review} noValidate>
          <AdjustmentFields
            adjustment={adjustment}
            daysLabel={t('superuser.extend.daysToAdd')}
            daysError={daysText.trim() === '' && !adjustment.touched ? null : daysError}
          />
          <p className={muted} aria-live="polite">
            {total === undefined
              ? t('superuser.extend.countingEllipsis')
              : t('superuser.extend.willMove', { count: total })}
          </p>
          <CancelSubmit
            onCancel={onClose}
            submit={t('superuser.extend.review')}
            disabled={daysError !== null || !adjustment.reasonGiven}
          />
        </form>
      )}
    </Dialog>
  );
}
