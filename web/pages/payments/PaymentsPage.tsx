// Payment History: summary cards, a status filter, payment cards, the HTML receipt and the PDF.
import { useEffect, useState } from 'react';
import { paymentGatewayLabel, paymentModeLabel } from '../../../machines/payment/payment.rules';
import { receiptAvailable } from '../../../machines/payment/payment.selectors';
import { useDownloadReceipt } from '../../api/mutations';
import { usePayments, type Payment } from '../../api/queries';
import { Button } from '../../components/Button';
import { Card, Details, EmptyState, StatCard, StatusBadge } from '../../components/Card';
import { SelectField } from '../../components/Field';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDate, formatDateTime, formatRupees } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, row, stack, statGrid } from '../../styles/utils.css';
import { ReceiptDialog } from './ReceiptDialog';

const FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'SUCCESS', label: 'Success' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'INITIATED', label: 'Initiated' },
  { value: 'FAILED', label: 'Failed' },
];

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PaymentsPage() {
  const notify = useToast();
  const payments = usePayments();
  const download = useDownloadReceipt();
  const [filter, setFilter] = useState('all');
  const [receiptFor, setReceiptFor] = useState<Payment | null>(null);

  useEffect(() => {
    if (payments.isError) {
      notify({
        tone: 'error',
        title: 'Failed to Load Payments',
        message: 'Could not fetch payments.',
      });
    }
  }, [payments.isError, notify]);

  const all = payments.data ?? [];
  const successful = all.filter((payment) => payment.status === 'SUCCESS');
  const totalPaid = successful.reduce((sum, payment) => sum + payment.amount_inr, 0);
  const shown = filter === 'all' ? all : all.filter((payment) => payment.status === filter);

  const downloadPdf = (payment: Payment) =>
    download.mutate(payment.id, {
      onSuccess: (blob) => {
        saveBlob(blob, `receipt_${payment.id}.pdf`);
        notify({
          tone: 'success',
          title: 'Receipt Downloaded',
          message: `receipt_${payment.id}.pdf`,
        });
      },
      onError: () =>
        notify({ tone: 'error', title: 'Download Failed', message: 'Failed to download receipt' }),
    });

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <h1 className={pageTitle}>Payment History</h1>
        <div style={{ minWidth: 200 }}>
          <SelectField
            label="Status"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            options={FILTERS}
          />
        </div>
      </header>
      <div className={statGrid}>
        <StatCard label="Total Paid" value={formatRupees(totalPaid)} />
        <StatCard label="Successful" value={successful.length} />
        <StatCard label="Failed" value={all.filter((p) => p.status === 'FAILED').length} />
        <StatCard label="All Payments" value={all.length} />
      </div>
      {payments.isPending ? (
        <PageSpinner label="Loading payments" />
      ) : payments.isError ? (
        <Card role="alert">Could not fetch payments.</Card>
      ) : shown.length === 0 ? (
        <EmptyState title="No Payments Yet">
          <p className={muted}>
            {all.length === 0
              ? 'Your payments will appear here.'
              : 'No payments match this status.'}
          </p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label="Payments">
          {shown.map((payment) => (
            <li key={payment.id}>
              <Card aria-labelledby={`payment-${payment.id}`}>
                <div className={cardHead({ spaced: true })}>
                  <div>
                    <h2 id={`payment-${payment.id}`}>{formatRupees(payment.amount_inr)}</h2>
                    <p className={muted}>
                      {payment.subscription.plan_name} · {formatDateTime(payment.created_at)}
                    </p>
                  </div>
                  <StatusBadge status={payment.status} />
                </div>
                <Details
                  items={[
                    ['Receipt no.', payment.receipt_number ?? '—'],
                    ['Transaction', payment.transaction_id ?? '—'],
                    // Money paid at the mess has no provider order; it has a day and a mode.
                    ...(payment.razorpay_order_id
                      ? ([['Order', payment.razorpay_order_id]] as [string, string][])
                      : []),
                    ['Gateway', paymentGatewayLabel(payment.payment_gateway)],
                    ...(payment.received_on
                      ? ([
                          ['Payment mode', paymentModeLabel(payment.payment_mode) ?? '—'],
                          ['Received on', formatDate(payment.received_on)],
                        ] as [string, string][])
                      : []),
                    ...(payment.utr ? ([['Reference', payment.utr]] as [string, string][]) : []),
                    ...(payment.failure_reason
                      ? ([['Reason', payment.failure_reason]] as [string, string][])
                      : []),
                  ]}
                />
                {receiptAvailable(payment.status) ? (
                  <div className={row} style={{ marginTop: 12 }}>
                    <Button size="sm" tone="secondary" onClick={() => setReceiptFor(payment)}>
                      View Receipt
                    </Button>
                    <Button
                      size="sm"
                      busy={download.isPending && download.variables === payment.id}
                      onClick={() => downloadPdf(payment)}
                    >
                      Download PDF
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {receiptFor ? (
        <ReceiptDialog
          payment={receiptFor}
          onClose={() => setReceiptFor(null)}
          onDownload={() => downloadPdf(receiptFor)}
        />
      ) : null}
    </div>
  );
}
