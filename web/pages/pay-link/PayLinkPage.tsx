// The sandbox's hosted page of a payment link (its short_url, /pay/plink_…): what the mess asks
// for, and Pay with UPI, which the sandbox completes and reports to the server as Razorpay's signed
// payment_link.paid webhook. Whether the link can be paid is the payment-link machine's answer
// (the API's `payable`). With Razorpay the short_url is Razorpay's own page.
import { useLocation } from 'wouter';
import { errorMessage, isNotFound } from '@web/api/errors';
import { useHostedPaymentLink, usePayHostedLink } from '@web/features/payment-link';
import { AuthCard } from '@web/components/AuthCard';
import { errorPanel, successPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatDateTime, formatRupees } from '@web/lib/format';
import { muted, small } from '@web/styles/utils.css';

const ENDED: Record<'paid' | 'expired' | 'cancelled', MessageId> = {
  paid: 'payLink.paid',
  expired: 'payLink.expired',
  cancelled: 'payLink.cancelled',
};

export function PayLinkPage() {
  const t = useT();
  const [pathname] = useLocation();
  const linkId = /^\/pay\/(plink_[A-Za-z0-9]{1,34})\/?$/.exec(pathname)?.[1] ?? '';
  const link = useHostedPaymentLink(linkId || 'plink_none');
  const pay = usePayHostedLink(linkId);

  if (link.isPending) return <PageSpinner label={t('payLink.loading')} />;
  if (link.isError) {
    return (
      <AuthCard title={t('payLink.title')}>
        <p className={errorPanel} role="alert">
          {isNotFound(link.error) ? t('payLink.notFound') : t('payLink.loadFailed')}
        </p>
      </AuthCard>
    );
  }
  const hosted = link.data;
  return (
    <AuthCard
      title={t('payLink.heading', { business: hosted.business_name })}
      subtitle={t('payLink.subtitle', { name: hosted.customer_name })}
    >
      <Details
        items={[
          [t('payLink.amount'), <strong>{formatRupees(hosted.amount)}</strong>],
          [t('payLink.for'), hosted.description],
          [t('payLink.expires'), formatDateTime(hosted.expire_by)],
        ]}
      />
      {hosted.status !== 'created' ? (
        <div className={hosted.status === 'paid' ? successPanel : errorPanel} role="status">
          <p>{t(ENDED[hosted.status])}</p>
          {hosted.receipt_number ? (
            <p>{t('payLink.receipt', { receipt: hosted.receipt_number })}</p>
          ) : null}
        </div>
      ) : !hosted.payable ? (
        <p className={errorPanel} role="status">
          {t('payLink.expired')}
        </p>
      ) : (
        <>
          {pay.isError ? (
            <p className={errorPanel} role="alert">
              {errorMessage(pay.error, t('payLink.failed'))}
            </p>
          ) : null}
          <Button
            busy={pay.isPending && pay.variables === 'success'}
            disabled={pay.isPending}
            onClick={() => pay.mutate('success')}
          >
            {t('payLink.payUpi', { amount: formatRupees(hosted.amount) })}
          </Button>
          <Button
            tone="secondary"
            busy={pay.isPending && pay.variables === 'failure'}
            disabled={pay.isPending}
            onClick={() => pay.mutate('failure')}
          >
            {t('payLink.fail')}
          </Button>
          <p className={`${muted} ${small}`}>{t('payLink.sandbox')}</p>
        </>
      )}
    </AuthCard>
  );
}
