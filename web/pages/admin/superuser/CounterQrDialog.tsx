// "UPI QR" for a subscription awaiting payment: a plain UPI request for what it owes, to the mess's
// own UPI id (Settings), which the customer scans with any UPI app at the counter. No gateway sees
// it, so the owner confirms the UTR by recording a UPI payment once the money shows in the bank.
import type { PendingSubscription } from '@web/api/offline-payments';
import { errorMessage } from '@web/api/errors';
import { useUpiRequest } from '@web/api/payment-links';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { PageSpinner } from '@web/components/Spinner';
import { UpiQr } from '@web/components/UpiQr';
import { useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { muted } from '@web/styles/utils.css';
import * as styles from './PaymentLinks.css';

export function CounterQrDialog({
  subscription,
  onClose,
  onRecord,
}: {
  subscription: PendingSubscription | null;
  onClose: () => void;
  /** The owner saw the money arrive: record the UPI payment with its UTR. */
  onRecord: (subscription: PendingSubscription) => void;
}) {
  const t = useT();
  const request = useUpiRequest(subscription?.id ?? null);
  return (
    <Dialog
      open={subscription !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('superuser.qr.title')}
      description={
        subscription
          ? t('superuser.subscriptionSummary', {
              name: subscription.user.full_name || subscription.user.username,
              username: subscription.user.username,
              plan: subscription.plan.name,
              id: subscription.id,
            })
          : undefined
      }
    >
      {!subscription ? null : request.isPending ? (
        <PageSpinner />
      ) : request.isError ? (
        <p role="alert">{errorMessage(request.error, t('superuser.qr.failed'))}</p>
      ) : (
        <div className={styles.qr}>
          <UpiQr
            uri={request.data.upi_uri}
            label={t('superuser.qr.label', {
              amount: formatRupees(request.data.amount),
              payee: request.data.payee_name,
            })}
          />
          <Details
            items={[
              [t('superuser.qr.amount'), <strong>{formatRupees(request.data.amount)}</strong>],
              [t('superuser.qr.payee'), `${request.data.payee_name} (${request.data.vpa})`],
              [t('superuser.qr.note'), request.data.note],
            ]}
          />
          <p className={muted}>{t('superuser.qr.confirm')}</p>
          <Button
            onClick={() => {
              onRecord(subscription);
            }}
          >
            {t('superuser.qr.record')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
