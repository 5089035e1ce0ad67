// A payment's receipt for the customer (Payment History) and the owner (Payments & Users): the
// server's HTML receipt in a frame inside a dialog, printed on its own, and the PDF download saved
// as receipt_{id}.pdf.
import { useEffect, useRef } from 'react';
import { useDownloadReceipt, useReceiptHtml } from '@web/features/payment';
import { useT } from '@web/i18n/i18n';
import { saveFile } from '@web/lib/download';
import { Button } from './Button';
import { Dialog } from './Dialog';
import * as styles from './ReceiptDialog.css';
import { Spinner } from './Spinner';
import { useToast } from './Toaster';

/** What the receipt's dialog and download need of a payment (the customer's or the owner's view). */
export interface ReceiptOf {
  id: number;
  receipt_number?: string | null | undefined;
  /** 'thermal': the 80 mm counter-printer layout (the owner's payment details). */
  layout?: 'a4' | 'thermal';
}

/** "RCPT-000012", or "#12" for a payment without a number. */
const receiptName = (payment: ReceiptOf) => payment.receipt_number ?? `#${payment.id}`;

/** Downloads a payment's PDF receipt as receipt_{id}.pdf, with the spec's toasts. */
export function useReceiptPdf() {
  const t = useT();
  const notify = useToast();
  const download = useDownloadReceipt();
  return {
    download: (payment: ReceiptOf) => {
      const layout = payment.layout ?? 'a4';
      // receipt_{id}.pdf as the spec names it; the 80 mm one says so.
      const name = `receipt_${payment.id}${layout === 'thermal' ? '_80mm' : ''}.pdf`;
      download.mutate(
        { id: payment.id, layout },
        {
          onSuccess: (blob) => {
            saveFile(blob, name);
            notify({ tone: 'success', title: t('ui.receipt.downloaded'), message: name });
          },
          onError: () =>
            notify({
              tone: 'error',
              title: t('ui.receipt.downloadFailed.title'),
              message: t('ui.receipt.downloadFailed.message'),
            }),
        },
      );
    },
    /** Whether this payment's PDF is on its way. */
    downloading: (payment: ReceiptOf) =>
      download.isPending && download.variables?.id === payment.id,
  };
}

/** A payment's receipt, while there is one to show, with its PDF download. */
export function ReceiptDialog({
  payment,
  pdf,
  onClose,
}: {
  payment: ReceiptOf | null;
  pdf: ReturnType<typeof useReceiptPdf>;
  onClose: () => void;
}) {
  return payment ? <Receipt payment={payment} pdf={pdf} onClose={onClose} /> : null;
}

function Receipt({
  payment,
  pdf,
  onClose,
}: {
  payment: ReceiptOf;
  pdf: ReturnType<typeof useReceiptPdf>;
  onClose: () => void;
}) {
  const t = useT();
  const thermal = payment.layout === 'thermal';
  return (
    <DocumentDialog
      title={t(thermal ? 'ui.receipt.thermalTitle' : 'ui.receipt.title', {
        number: receiptName(payment),
      })}
      frameTitle={t('ui.receipt.frameTitle', { id: payment.id })}
      html={useReceiptHtml(payment.id, payment.layout ?? 'a4')}
      onClose={onClose}
      onDownload={() => pdf.download(payment)}
      downloading={pdf.downloading(payment)}
    />
  );
}

/**
 * A document the server writes as HTML (a receipt, a credit note) in a frame inside a dialog,
 * printed on its own, with its PDF download.
 */
export function DocumentDialog({
  title,
  frameTitle,
  html,
  onClose,
  onDownload,
  downloading,
}: {
  title: string;
  frameTitle: string;
  html: { isPending: boolean; isError: boolean; data?: string | undefined };
  onClose: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const notify = useToast();
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (html.isError) {
      notify({
        tone: 'error',
        title: t('ui.receipt.loadFailed'),
        message: t('ui.receipt.htmlFailed'),
      });
    }
  }, [html.isError, notify, t]);
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      footer={
        <>
          <Button
            tone="secondary"
            disabled={!html.data}
            // The frame's own window prints: the document alone, on as many pages as it takes.
            onClick={() => frame.current?.contentWindow?.print()}
          >
            {t('ui.receipt.print')}
          </Button>
          <Button onClick={onDownload} busy={downloading}>
            {t('ui.receipt.downloadPdf')}
          </Button>
        </>
      }
    >
      {html.isPending ? (
        <Spinner label={t('ui.receipt.loading')} />
      ) : html.isError ? (
        <p role="alert">{t('ui.receipt.htmlFailed')}</p>
      ) : (
        <iframe
          ref={frame}
          title={frameTitle}
          srcDoc={html.data}
          // No scripts ever run in it; the page's origin and modals let the page print it.
          sandbox="allow-same-origin allow-modals"
          className={styles.frame}
        />
      )}
    </Dialog>
  );
}
