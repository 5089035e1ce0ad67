// Cancel Subscription: shows the refund a cancellation today would create before confirming, and
// when a refund is due asks where to pay it (docs/rules/refund.md: payouts).
import { useState } from 'react';
import {
  EMPTY_PAYOUT_DRAFT,
  type PayoutField,
  payoutFromDraft,
  validatePayoutDraft,
} from '@machines/refund';
import { errorMessage, fieldErrors, failureToast } from '@web/api/errors';
import { useCancelSubscription, useCancelPreview, type Subscription } from './subscription.api';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { Spinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { formatRupees } from '@web/lib/format';
import { PayoutFields } from '@web/features/refund';
import { refundExplanation } from './cancel-explanation';
import * as styles from './CancelDialog.css';
import { FAILURE_TOAST_MESSAGES } from './messages';

export function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const notify = useToast();
  const t = useT();
  const preview = useCancelPreview(subscription.id);
  const cancel = useCancelSubscription();
  const [draft, setDraft] = useState(EMPTY_PAYOUT_DRAFT);
  const [checked, setChecked] = useState(false);
  // The payout is asked for only when there is money to send back.
  const refundDue =
    preview.data !== undefined &&
    preview.data.has_successful_payment &&
    preview.data.refund_amount > 0;
  const invalid = validatePayoutDraft(draft);
  const payoutErrors: Partial<Record<PayoutField, string>> = checked ? { ...invalid } : {};
  // The server's word for a field, when the form found nothing wrong with it.
  for (const [name, message] of Object.entries(fieldErrors(cancel.error))) {
    const field = name.replace(/^payout\./, '') as PayoutField;
    if (name.startsWith('payout.') && !payoutErrors[field]) payoutErrors[field] = message;
  }

  const confirm = () => {
    if (refundDue) {
      setChecked(true);
      if (Object.keys(invalid).length > 0) return;
    }
    const payout = refundDue ? { payout: payoutFromDraft(draft) } : {};
    cancel.mutate(
      { id: subscription.id, ...payout },
      {
        onSuccess: (cancelled) => {
          notify({
            tone: 'success',
            title: t('subscriptions.toast.cancelled.title'),
            message: cancelled.refund_info
              ? t('subscriptions.toast.cancelled.refund', {
                  amount: formatRupees(cancelled.refund_info.amount),
                })
              : t('subscriptions.toast.cancelled.message', {
                  plan: planText(subscription.plan.name, subscription.plan.name_hi),
                }),
          });
          onClose();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              t(FAILURE_TOAST_MESSAGES['subscription.cancel'].title),
              t(FAILURE_TOAST_MESSAGES['subscription.cancel'].message),
            ),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('subscriptions.action.cancel')}
      description={t('subscriptions.cancel.description', {
        plan: planText(subscription.plan.name, subscription.plan.name_hi),
        id: subscription.id,
      })}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {t('subscriptions.cancel.keep')}
          </Button>
          <Button tone="danger" busy={cancel.isPending} disabled={!preview.data} onClick={confirm}>
            {t('subscriptions.cancel.confirm')}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <Spinner label={t('subscriptions.cancel.working')} />
      ) : preview.isError ? (
        <p role="alert">{errorMessage(preview.error, t('subscriptions.cancel.previewFailed'))}</p>
      ) : (
        <div className={styles.cancelBody}>
          <div className={styles.preview} aria-live="polite">
            <span>{t('subscriptions.cancel.refundToday')}</span>
            <span className={styles.refundAmount}>{formatRupees(preview.data.refund_amount)}</span>
            <span>
              {preview.data.has_successful_payment
                ? refundExplanation(t, preview.data)
                : t('subscriptions.cancel.noPayment')}
            </span>
          </div>
          {refundDue ? (
            <PayoutFields
              legend={t('subscriptions.payout.legend')}
              draft={draft}
              errors={payoutErrors}
              onChange={setDraft}
            />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
