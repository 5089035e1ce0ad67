// "UPI QR" for a subscription awaiting payment. With a provider that makes QR codes (Razorpay's QR
// Codes API, or the sandbox speaking it) the dialog shows the provider's single-use QR for what the
// subscription owes and asks every two seconds whether it was paid: once the provider's
// qr_code.credited webhook settles it, the dialog says Paid and the dues refresh. Closing the
// dialog closes a QR still waiting. Without one (PAYMENT_QR_CODES=off), or when the owner prefers,
// it is a plain UPI request to the mess's own UPI id (Settings), which no gateway sees, so the
// owner confirms the UTR by recording a UPI payment once the money shows in the bank.
import { useEffect, useRef, useState } from 'react';
import type { CounterQrStatus } from '@machines/counter-qr';
import {
  isQrNotSupported,
  useCloseCounterQr,
  useCounterQr,
  useCreateCounterQr,
} from './counter-qr.api';
import { errorMessage } from '@web/api/errors';
import {
  pendingSummary,
  type PendingDialogProps,
  type PendingSubscription,
} from '@web/features/payment';
import { SubscriptionDialog } from '@web/features/subscription';
import { useUpiRequest } from '@web/features/payment-link';
import { useRefreshReads } from '@web/api/query';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { UpiQr } from '@web/components/UpiQr';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { muted } from '@web/styles/utils.css';
import { paymentLinkStyles as styles } from '@web/features/payment-link';

const COUNTER_QR_STATUS_LABELS: Record<CounterQrStatus, MessageId> = {
  created: 'superuser.counterQr.status.created',
  credited: 'superuser.counterQr.status.credited',
  closed: 'superuser.counterQr.status.closed',
  expired: 'superuser.counterQr.status.expired',
};

export function CounterQrDialog({
  subscription,
  onClose,
  onRecord,
}: PendingDialogProps & {
  /** The owner saw the money arrive: record the UPI payment with its UTR. */
  onRecord: (subscription: PendingSubscription) => void;
}) {
  const t = useT();
  const [ownUpi, setOwnUpi] = useState(false);
  const id = subscription?.id ?? null;
  useEffect(() => setOwnUpi(false), [id]);
  return (
    <SubscriptionDialog
      subject={subscription}
      summary={pendingSummary}
      title={t('superuser.qr.title')}
      onClose={onClose}
    >
      {(subscription) =>
        ownUpi ? (
          <OwnUpiQr subscription={subscription} onRecord={onRecord} />
        ) : (
          <ProviderQr
            key={subscription.id}
            subscription={subscription}
            onOwnUpi={() => setOwnUpi(true)}
            onRecord={onRecord}
            onDone={onClose}
          />
        )
      }
    </SubscriptionDialog>
  );
}

/** The provider's QR code for the dues, its status asked again until it is paid or ends. */
function ProviderQr({
  subscription,
  onOwnUpi,
  onRecord,
  onDone,
}: {
  subscription: PendingSubscription;
  onOwnUpi: () => void;
  onRecord: (subscription: PendingSubscription) => void;
  onDone: () => void;
}) {
  const t = useT();
  const create = useCreateCounterQr();
  const close = useCloseCounterQr();
  const refresh = useRefreshReads();
  const started = useRef(false);
  const { mutate: createQr } = create;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createQr({ subscription: subscription.id });
  }, [createQr, subscription.id]);
  const polled = useCounterQr(create.data?.id ?? null);
  const qr = polled.data ?? create.data;
  const status = qr?.status;

  // Paid: every figure of the owner's screens (the pending list, the dues) is asked again.
  useEffect(() => {
    if (status === 'credited') void refresh('all');
  }, [status, refresh]);

  // Leaving while it still waits for payment closes it, so it cannot take the money later.
  const waiting = useRef<number | null>(null);
  waiting.current = status === 'created' && qr ? qr.id : null;
  const { mutate: closeQr } = close;
  useEffect(
    () => () => {
      if (waiting.current !== null) closeQr(waiting.current);
    },
    [closeQr],
  );

  if (create.isError) {
    if (isQrNotSupported(create.error)) {
      return <OwnUpiQr subscription={subscription} onRecord={onRecord} />;
    }
    return (
      <div className={styles.qr}>
        <p role="alert">{errorMessage(create.error, t('superuser.counterQr.failed'))}</p>
        <Button tone="secondary" onClick={onOwnUpi}>
          {t('superuser.counterQr.ownUpi')}
        </Button>
      </div>
    );
  }
  if (!qr) return <PageSpinner />;
  const amount = formatRupees(qr.amount);
  const details = (
    <Details
      items={[
        [t('superuser.qr.amount'), <strong>{amount}</strong>],
        [t('superuser.counterQr.status'), t(COUNTER_QR_STATUS_LABELS[qr.status])],
      ]}
    />
  );

  if (qr.status === 'credited') {
    return (
      <div className={styles.qr}>
        <p role="status">
          <strong>{t('superuser.counterQr.status.credited')}</strong>
          {' — '}
          {t('superuser.counterQr.paid', { amount })}
        </p>
        {details}
        <Button onClick={onDone}>{t('superuser.counterQr.done')}</Button>
      </div>
    );
  }
  if (qr.status !== 'created') {
    return (
      <div className={styles.qr}>
        <p role="status">{t('superuser.counterQr.ended')}</p>
        {details}
        <Button
          onClick={() => {
            create.reset();
            createQr({ subscription: subscription.id });
          }}
        >
          {t('superuser.counterQr.again')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.qr}>
      {qr.upi_uri ? (
        <UpiQr uri={qr.upi_uri} label={t('superuser.counterQr.label', { amount })} />
      ) : qr.image_url ? (
        <a href={qr.image_url} target="_blank" rel="noreferrer">
          {t('superuser.counterQr.image')}
        </a>
      ) : null}
      {details}
      <p className={muted} aria-live="polite">
        {t('superuser.counterQr.intro')}
      </p>
      {close.isError ? (
        <p role="alert">{errorMessage(close.error, t('superuser.counterQr.failed'))}</p>
      ) : null}
      <div className={styles.actions}>
        <Button
          tone="secondary"
          disabled={close.isPending}
          onClick={() => closeQr(qr.id, { onSuccess: () => void polled.refetch() })}
        >
          {t('superuser.counterQr.close')}
        </Button>
        <Button
          tone="secondary"
          onClick={() => {
            closeQr(qr.id);
            onOwnUpi();
          }}
        >
          {t('superuser.counterQr.ownUpi')}
        </Button>
      </div>
    </div>
  );
}

/** The QR of the mess's own UPI id: the owner records the payment with its UTR. */
function OwnUpiQr({
  subscription,
  onRecord,
}: {
  subscription: PendingSubscription;
  onRecord: (subscription: PendingSubscription) => void;
}) {
  const t = useT();
  const request = useUpiRequest(subscription.id);
  return request.isPending ? (
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
  );
}
