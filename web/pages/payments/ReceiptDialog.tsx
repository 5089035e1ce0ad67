// The HTML receipt, shown in a sandboxed frame inside a dialog.
import { useEffect } from 'react';
import { useReceiptHtml, type Payment } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';

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
  const receipt = useReceiptHtml(payment.id);
  useEffect(() => {
    if (receipt.isError) {
      notify({
        tone: 'error',
        title: 'Failed to Load Receipt',
        message: 'Could not load HTML receipt.',
      });
    }
  }, [receipt.isError, notify]);
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Receipt ${payment.receipt_number ?? `#${payment.id}`}`}
      footer={<Button onClick={onDownload}>Download PDF</Button>}
    >
      {receipt.isPending ? (
        <Spinner label="Loading receipt" />
      ) : receipt.isError ? (
        <p role="alert">Could not load HTML receipt.</p>
      ) : (
        <iframe
          title={`Receipt for payment ${payment.id}`}
          srcDoc={receipt.data}
          sandbox=""
          style={{ width: '100%', height: '60vh', border: 0, background: '#fff', borderRadius: 8 }}
        />
      )}
    </Dialog>
  );
}
