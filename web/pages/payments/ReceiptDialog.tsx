// The HTML receipt, shown in a sandboxed frame inside a dialog.
import { useEffect } from 'react';
import { useReceiptHtml, type Payment } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { useT } from '../../i18n/i18n';

export function ReceiptDialog({
  payment,
  onClose,
  onDownload,
}: {
  payment: Payment;
  onClose: () => void;
  onDownload: () => void;
}) {
  const notify = useToast();
  const t = useT();
  const receipt = useReceiptHtml(payment.id);
  useEffect(() => {
    if (receipt.isError) {
      notify({
        tone: 'error',
        title: t('payments.receipt.loadFailed'),
        message: t('payments.receipt.htmlFailed'),
      });
    }
  }, [receipt.isError, notify, t]);
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('payments.receipt.title', { number: payment.receipt_number ?? `#${payment.id}` })}
      footer={<Button onClick={onDownload}>{t('payments.downloadPdf')}</Button>}
    >
      {receipt.isPending ? (
        <Spinner label={t('payments.receipt.loading')} />
      ) : receipt.isError ? (
        <p role="alert">{t('payments.receipt.htmlFailed')}</p>
      ) : (
        <iframe
          title={t('payments.receipt.frameTitle', { id: payment.id })}
          srcDoc={receipt.data}
          sandbox=""
          style={{ width: '100%', height: '60vh', border: 0, background: '#fff', borderRadius: 8 }}
        />
      )}
    </Dialog>
  );
}
