// Payment History: summary cards, a status filter, payment cards, the HTML receipt and the PDF.
import { Fragment, useEffect, useState } from 'react';
import { MIN_PAYMENT_PAISE } from '@machines/dues';
import { receiptAvailable } from '@machines/payment';
import { usePayments, type Payment } from '@web/features/payment';
import {
  useMyStatement,
  type Statement,
  CreditNotes,
  HoldBanner,
  StatementView,
} from '@web/features/dues';
import { useCheckout } from '@web/checkout/useCheckout';
import { Button, ButtonAnchor } from '@web/components/Button';
import { UpiQr } from '@web/components/UpiQr';
import { useUpiRequest } from '@web/features/payment-link';
import { errorMessage } from '@web/api/errors';
import { Card, Details, EmptyState, StatCard } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { SelectField } from '@web/components/Field';
import { ReceiptDialog, useReceiptPdf } from '@web/components/ReceiptDialog';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useT, type Translate } from '@web/i18n/i18n';
import { lifecycleLabel, planText } from '@web/i18n/labels';
import { formatDate, formatDateTime, formatRupees } from '@web/lib/format';
import { cardActions, cardHead, cardList } from '@web/styles/list.css';
import { muted, stack, statGrid } from '@web/styles/utils.css';
import * as styles from './PaymentsPage.css';
import { gatewayText, modeText } from './labels';
import { PageHeader } from '@web/components/PageHeader';

const STATUSES = ['SUCCESS', 'PENDING', 'INITIATED', 'FAILED'] as const;

/** The status filter's options: every status by the payment lifecycle's name for it. */
const filters = (t: Translate) => [
  { value: 'all', label: t('payments.filter.all') },
  ...STATUSES.map((status) => ({ value: status, label: lifecycleLabel('payment', status) })),
];

export function PaymentsPage() {
  const notify = useToast();
  const t = useT();
  const payments = usePayments();
  const statement = useMyStatement();
  const receiptPdf = useReceiptPdf();
  const [filter, setFilter] = useState('all');
  const [receiptFor, setReceiptFor] = useState<Payment | null>(null);

  useEffect(() => {
    if (payments.isError) {
      notify({
        tone: 'error',
        title: t('payments.toast.loadFailed.title'),
        message: t('payments.fetchFailed'),
      });
    }
  }, [payments.isError, notify, t]);

  const all = payments.data ?? [];
  const successful = all.filter((payment) => payment.status === 'SUCCESS');
  const totalPaid = successful.reduce((sum, payment) => sum + payment.amount_inr, 0);
  const shown = filter === 'all' ? all : all.filter((payment) => payment.status === filter);

  return (
    <div className={stack}>
      <PageHeader title={t('payments.title')}>
        <div className={styles.statusFilter}>
          <SelectField
            label={t('payments.status')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            options={filters(t)}
          />
        </div>
      </PageHeader>
      <HoldBanner onPaymentsPage />
      {statement.data && statement.data.entries.length > 0 ? (
        <StatementView
          statement={statement.data}
          reader="customer"
          actions={<PayDues statement={statement.data} />}
        />
      ) : null}
      <div className={statGrid}>
        <StatCard label={t('payments.stat.totalPaid')} value={formatRupees(totalPaid)} />
        <StatCard label={t('payments.stat.successful')} value={successful.length} />
        <StatCard
          label={t('payments.stat.failed')}
          value={all.filter((p) => p.status === 'FAILED').length}
        />
        <StatCard label={t('payments.stat.all')} value={all.length} />
      </div>
      {payments.isPending ? (
        <PageSpinner label={t('payments.loading')} />
      ) : payments.isError ? (
        <Card role="alert">{t('payments.fetchFailed')}</Card>
      ) : shown.length === 0 ? (
        <EmptyState title={t('payments.empty.title')}>
          <p className={muted}>
            {all.length === 0 ? t('payments.empty.none') : t('payments.empty.filtered')}
          </p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('payments.listLabel')}>
          {shown.map((payment) => (
            <li key={payment.id}>
              <Card aria-labelledby={`payment-${payment.id}`}>
                <div className={cardHead({ spaced: true })}>
                  <div>
                    <h2 id={`payment-${payment.id}`}>{formatRupees(payment.amount_inr)}</h2>
                    <p className={muted}>
                      {planText(payment.subscription.plan_name, payment.subscription.plan_name_hi)}{' '}
                      · {formatDateTime(payment.created_at)}
                    </p>
                  </div>
                  <StatusBadge status={payment.status} />
                </div>
                <Details
                  items={[
                    [t('payments.detail.receiptNumber'), payment.receipt_number ?? '—'],
                    [t('payments.detail.transaction'), payment.transaction_id ?? '—'],
                    // Money paid at the mess has no provider order; it has a day and a mode.
                    payment.razorpay_order_id
                      ? [t('payments.detail.order'), payment.razorpay_order_id]
                      : null,
                    [t('payments.detail.gateway'), gatewayText(t, payment.payment_gateway)],
                    ...(payment.received_on
                      ? ([
                          [t('payments.detail.mode'), modeText(t, payment.payment_mode) ?? '—'],
                          [t('payments.detail.receivedOn'), formatDate(payment.received_on)],
                        ] as const)
                      : []),
                    payment.utr ? [t('payments.detail.reference'), payment.utr] : null,
                    payment.failure_reason
                      ? [t('payments.detail.reason'), payment.failure_reason]
                      : null,
                  ]}
                />
                {receiptAvailable(payment.status) ? (
                  <div className={cardActions}>
                    <Button size="sm" tone="secondary" onClick={() => setReceiptFor(payment)}>
                      {t('ui.receipt.view')}
                    </Button>
                    <Button
                      size="sm"
                      busy={receiptPdf.downloading(payment)}
                      onClick={() => receiptPdf.download(payment)}
                    >
                      {t('ui.receipt.downloadPdf')}
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <CreditNotes reader="customer" />
      <ReceiptDialog payment={receiptFor} pdf={receiptPdf} onClose={() => setReceiptFor(null)} />
    </div>
  );
}

/**
 * How the customer pays what they owe (the dues machine's dues.pay): a subscription still awaiting
 * payment is paid through the checkout on Subscriptions; dues of a started one at the counter or
 * by the payment link the mess sends.
 */
function PayDues({ statement }: { statement: Statement }) {
  const t = useT();
  const checkout = useCheckout();
  const [upiFor, setUpiFor] = useState<number | null>(null);
  if (!statement.actions.includes('dues.pay')) return null;
  // Each subscription that still owes (awaiting payment, or started with dues) is paid online by
  // the same checkout, for what it owes, or straight to the mess's UPI id from any UPI app.
  const payable = statement.subscriptions_due.filter(
    (due) =>
      (due.status === 'PENDING_PAYMENT' || due.status === 'ACTIVE') &&
      due.amount_due * 100 >= MIN_PAYMENT_PAISE,
  );
  return (
    <div className={stack}>
      <div className={cardActions}>
        {payable.map((due) => (
          <Fragment key={due.id}>
            <Button
              busy={checkout.payingFor === due.id}
              disabled={checkout.busy}
              aria-label={t('payments.payDues.onlineFor', {
                amount: formatRupees(due.amount_due),
                plan: planText(due.plan_name, due.plan_name_hi),
              })}
              onClick={() => checkout.start(due.id)}
            >
              {t('payments.payDues.online', { amount: formatRupees(due.amount_due) })}
            </Button>
            <Button
              tone="secondary"
              aria-expanded={upiFor === due.id}
              aria-label={t('payments.payDues.upiFor', {
                plan: planText(due.plan_name, due.plan_name_hi),
              })}
              onClick={() => setUpiFor(upiFor === due.id ? null : due.id)}
            >
              {t('payments.payDues.upi')}
            </Button>
          </Fragment>
        ))}
      </div>
      {upiFor !== null ? <UpiToMess subscriptionId={upiFor} /> : null}
      <p className={muted}>{t('payments.payDues.counter')}</p>
      {checkout.dialog}
    </div>
  );
}

/** The mess's own UPI request for what a subscription owes: a QR to scan, a link on a phone. */
function UpiToMess({ subscriptionId }: { subscriptionId: number }) {
  const t = useT();
  const request = useUpiRequest(subscriptionId);
  if (request.isPending) return <PageSpinner label={t('payments.payDues.upiLoading')} />;
  if (request.isError) {
    return <p role="alert">{errorMessage(request.error, t('payments.payDues.upiFailed'))}</p>;
  }
  const { upi_uri, amount, payee_name, vpa, note } = request.data;
  return (
    <div className={stack}>
      <UpiQr
        uri={upi_uri}
        size={200}
        label={t('payments.payDues.upiQr', { amount: formatRupees(amount), payee: payee_name })}
      />
      <Details
        items={[
          [t('payments.payDues.upiPayee'), `${payee_name} (${vpa})`],
          [t('payments.payDues.upiAmount'), formatRupees(amount)],
          [t('payments.payDues.upiNote'), note],
        ]}
      />
      <ButtonAnchor href={upi_uri}>{t('payments.payDues.upiOpen')}</ButtonAnchor>
      <p className={muted}>{t('payments.payDues.upiConfirm')}</p>
    </div>
  );
}
