// Cancel Subscription: shows the refund a cancellation today would create before confirming.
import { errorMessage } from '../../api/errors';
import { useCancelSubscription } from '../../api/mutations';
import { useCancelPreview, type Subscription } from '../../api/queries';
import { useToast } from '../../app/Toaster';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatRupees } from '../../lib/format';
import * as styles from './SubscriptionsPage.css';

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

  const confirm = () =>
    cancel.mutate(subscription.id, {
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
    });

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
        <div className={styles.preview} aria-live="polite">
          <span>Refund if you cancel today</span>
          <span className={styles.refundAmount}>{formatRupees(preview.data.refund_amount)}</span>
          <span>
            {preview.data.has_successful_payment
              ? `For ${preview.data.unused_days} unused of ${preview.data.total_days} days (plan ends ${formatDate(preview.data.adjusted_end_date)}). The owner reviews the refund before it is paid.`
              : 'No payment was made for this subscription, so there is nothing to refund.'}
          </span>
        </div>
      )}
    </Dialog>
  );
}
