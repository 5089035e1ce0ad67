// Cancel Subscription: shows the refund a cancellation today would create before confirming, and
// when a refund is due asks where to pay it (README: Refund payouts).
import { useState } from 'react';
import {
  EMPTY_PAYOUT_DRAFT,
  payoutFromDraft,
  validatePayoutDraft,
  type PayoutField,
} from '../../../machines/refund/refund.rules';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useCancelSubscription } from '../../api/mutations';
import { useCancelPreview, type CancelPreview, type Subscription } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDate, formatRupees } from '../../lib/format';
import { PayoutFields } from './PayoutFields';
import * as styles from './SubscriptionsPage.css';

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/** The cancel rule in the customer's words, with their numbers: only paid days are refunded. */
function refundExplanation(preview: CancelPreview): string {
  const leaveTaken =
    preview.leave_days_taken > 0
      ? ` (${days(preview.leave_days_taken)} on approved leave ${preview.leave_days_taken === 1 ? 'does' : 'do'} not count as used)`
      : '';
  const extended =
    preview.adjusted_end_date !== preview.base_end_date
      ? ` Leave moved your last meals to ${formatDate(preview.adjusted_end_date)} but added no paid days.`
      : '';
  return (
    `For ${preview.unused_paid_days} unused of ${days(preview.paid_days)} paid for: ` +
    `${days(preview.used_days)} used so far${leaveTaken}.${extended} ` +
    'The owner reviews the refund before it is paid.'
  );
}

export function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const notify = useToast();
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
            title: 'Subscription Cancelled',
            message: cancelled.refund_info
              ? `A refund of ${formatRupees(cancelled.refund_info.amount)} has been requested.`
              : `${subscription.plan.name} is cancelled.`,
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: 'Cancel Failed',
            message: errorMessage(error, 'Failed to cancel subscription.'),
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cancel Subscription"
      description={`${subscription.plan.name} · Subscription #${subscription.id}`}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            Keep Subscription
          </Button>
          <Button tone="danger" busy={cancel.isPending} disabled={!preview.data} onClick={confirm}>
            Confirm Cancellation
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <Spinner label="Working out your refund" />
      ) : preview.isError ? (
        <p role="alert">
          {errorMessage(preview.error, 'Could not work out the refund. Please try again.')}
        </p>
      ) : (
        <div className={styles.cancelBody}>
          <div className={styles.preview} aria-live="polite">
            <span>Refund if you cancel today</span>
            <span className={styles.refundAmount}>{formatRupees(preview.data.refund_amount)}</span>
            <span>
              {preview.data.has_successful_payment
                ? refundExplanation(preview.data)
                : 'No payment was made for this subscription, so there is nothing to refund.'}
            </span>
          </div>
          {refundDue ? (
            <PayoutFields
              legend="Where should we send your refund?"
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
