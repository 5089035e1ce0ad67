// Credit notes (a refund of an invoiced payment): the customer's own on Payment History, every one
// on the owner's Reports; each opens as the server's HTML in a dialog, prints and downloads as PDF.
import { useState } from 'react';
import { useCreditNoteHtml, useCreditNotePdf, useCreditNotes, type CreditNote } from './dues.api';
import { useT } from '@web/i18n/i18n';
import { personName } from '@web/i18n/labels';
import { saveFile } from '@web/lib/download';
import { formatDate, formatRupees } from '@web/lib/format';
import { sectionTitle, stack } from '@web/styles/utils.css';
import { SmallButton } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { DocumentDialog } from '@web/components/ReceiptDialog';
import { Table } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';

/** CN/2026-27/0001 → CN-2026-27-0001.pdf (the server's own name for it). */
const pdfName = (note: CreditNote) => `${note.number.replaceAll('/', '-')}.pdf`;

export function CreditNotes({ reader }: { reader: 'customer' | 'business' }) {
  const t = useT();
  const notify = useToast();
  const notes = useCreditNotes(reader);
  const fetchPdf = useCreditNotePdf();
  const [viewing, setViewing] = useState<CreditNote | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  if (!notes.data || notes.data.length === 0) return null;

  const download = async (note: CreditNote) => {
    setDownloading(note.id);
    try {
      saveFile(await fetchPdf(note.id), pdfName(note));
      notify({ tone: 'success', title: t('ui.creditNote.downloaded'), message: pdfName(note) });
    } catch {
      notify({
        tone: 'error',
        title: t('ui.receipt.downloadFailed.title'),
        message: t('ui.creditNote.downloadFailed'),
      });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card aria-labelledby="credit-notes-title">
      <div className={stack}>
        <h2 id="credit-notes-title" className={sectionTitle}>
          {t('ui.creditNote.listTitle')}
        </h2>
        <Table
          caption={t('ui.creditNote.caption')}
          rows={notes.data}
          rowKey={(note) => note.id}
          columns={[
            { key: 'number', header: t('ui.creditNote.number'), cell: (note) => note.number },
            {
              key: 'date',
              header: t('ui.creditNote.date'),
              cell: (note) => formatDate(note.issued_on),
            },
            ...(reader === 'business'
              ? [
                  {
                    key: 'customer',
                    header: t('ui.creditNote.customer'),
                    cell: (note: CreditNote) => personName(note.customer_name),
                  },
                ]
              : []),
            {
              key: 'invoice',
              header: t('ui.creditNote.invoice'),
              cell: (note) => note.invoice_number,
            },
            {
              key: 'amount',
              header: t('ui.creditNote.amount'),
              cell: (note) => formatRupees(note.amount_inr),
            },
            {
              key: 'actions',
              header: t('ui.creditNote.actions'),
              cell: (note) => (
                <SmallButton
                  aria-label={t('ui.creditNote.viewLabel', { number: note.number })}
                  onClick={() => setViewing(note)}
                >
                  {t('ui.creditNote.view')}
                </SmallButton>
              ),
            },
          ]}
        />
      </div>
      {viewing ? (
        <CreditNoteDialog
          note={viewing}
          onClose={() => setViewing(null)}
          onDownload={() => void download(viewing)}
          downloading={downloading === viewing.id}
        />
      ) : null}
    </Card>
  );
}

function CreditNoteDialog({
  note,
  onClose,
  onDownload,
  downloading,
}: {
  note: CreditNote;
  onClose: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const t = useT();
  return (
    <DocumentDialog
      title={t('ui.creditNote.title', { number: note.number })}
      frameTitle={t('ui.creditNote.frameTitle', { number: note.number })}
      html={useCreditNoteHtml(note.id)}
      onClose={onClose}
      onDownload={onDownload}
      downloading={downloading}
    />
  );
}
