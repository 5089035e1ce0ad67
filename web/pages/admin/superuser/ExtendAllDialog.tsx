// "Extend all active": days and a reason, then a confirmation that says how many subscriptions will
// move. The server runs it as one operation (named by today, the days and the reason), so sending it
// twice moves nobody twice.
import { useEffect, useState, type FormEvent } from 'react';
import { MAX_ADJUSTMENT_DAYS } from '../../../../machines/shared/constants';
import { isNonBlank } from '../../../../machines/shared/text';
import { SUBSCRIPTION_ADJUSTMENT_TOASTS } from '../../../../machines/subscription/subscription.messages';
import { useActiveSubscribers } from '../../../api/admin';
import { useExtendAllActive } from '../../../api/adjustments';
import { errorMessage } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { formStyles, TextAreaField, TextField } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toaster';
import { muted, row } from '../../../styles/utils.css';
import * as styles from './SuperuserPage.css';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function ExtendAllDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const [daysText, setDaysText] = useState('1');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // How many would move: every ACTIVE subscription (X-Total-Count of the unfiltered list).
  const count = useActiveSubscribers({ limit: 1, offset: 0 }, open);
  const extend = useExtendAllActive();
  useEffect(() => {
    if (open) {
      setDaysText('1');
      setReason('');
      setTouched(false);
      setConfirming(false);
    }
  }, [open]);

  const days = /^\d+$/.test(daysText.trim()) ? Number(daysText) : Number.NaN;
  const daysError =
    Number.isInteger(days) && days >= 1 && days <= MAX_ADJUSTMENT_DAYS
      ? null
      : `Days must be a whole number from 1 to ${MAX_ADJUSTMENT_DAYS}`;
  const reasonError = touched && !isNonBlank(reason) ? 'Reason is required' : null;
  const total = count.data?.total;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (daysError || !isNonBlank(reason)) return;
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
            title: SUBSCRIPTION_ADJUSTMENT_TOASTS.extendedAll.title,
            message: result.replayed
              ? `This extension was already made today: ${plural(result.moved, 'subscription')} moved by ${plural(result.days, 'day')}, none twice.`
              : `Moved ${plural(result.moved, 'subscription')} by ${plural(result.days, 'day')}.`,
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: SUBSCRIPTION_ADJUSTMENT_TOASTS.extendAllFailed.title,
            message: errorMessage(error, SUBSCRIPTION_ADJUSTMENT_TOASTS.extendAllFailed.message),
          }),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={confirming ? 'Confirm the extension' : 'Extend all active subscriptions'}
      description={
        confirming
          ? undefined
          : 'Adds days to the end date of every active subscription, e.g. when the kitchen was closed.'
      }
    >
      {confirming ? (
        <div className={formStyles.form}>
          {total === undefined || count.isFetching ? (
            <Spinner size="sm" label="Counting active subscriptions" />
          ) : (
            <p className={styles.confirmation}>
              Move the end date of <strong>{plural(total, 'active subscription')}</strong> by{' '}
              <strong>{plural(days, 'day')}</strong>?
            </p>
          )}
          <p>
            Reason: <q>{reason.trim()}</q>
          </p>
          <p className={muted}>
            Each customer gets an e-mail and an SMS with their new end date and the reason. Each
            subscription moves once, even if this is sent again.
          </p>
          <div className={row} style={{ justifyContent: 'flex-end' }}>
            <Button tone="secondary" onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button
              onClick={confirm}
              busy={extend.isPending}
              disabled={total === undefined || total === 0 || count.isFetching}
            >
              {total === undefined ? 'Extend' : `Extend ${plural(total, 'subscription')}`}
            </Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={review} noValidate>
          <TextField
            label="Days to add"
            inputMode="numeric"
            value={daysText}
            onChange={(event) => setDaysText(event.target.value)}
            error={daysText.trim() === '' && !touched ? null : daysError}
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
          <p className={muted} aria-live="polite">
            {total === undefined
              ? 'Counting active subscriptions…'
              : `${plural(total, 'active subscription')} will move.`}
          </p>
          <div className={row} style={{ justifyContent: 'flex-end' }}>
            <Button tone="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={daysError !== null || !isNonBlank(reason)}>
              Review
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
