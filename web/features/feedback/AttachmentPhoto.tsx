// The customer's own photo on their feedback: a thumbnail that opens full size.
import { useState } from 'react';
import { useAttachmentImage, type Feedback } from './feedback.api';
import { Dialog } from '@web/components/Dialog';
import { useT } from '@web/i18n/i18n';
import { useObjectUrl } from '@web/lib/useObjectUrl';
import * as styles from './feedback.css';

type Attachment = Feedback['attachments'][number];

export function AttachmentPhoto({
  attachment,
  subject,
}: {
  attachment: Attachment;
  subject: string;
}) {
  const t = useT();
  const image = useAttachmentImage(attachment.id);
  const url = useObjectUrl(image.data);
  const [enlarged, setEnlarged] = useState(false);
  const alt = t('feedback.photo.alt', { subject });
  const size = t('format.sizeInKb', { size: Math.max(1, Math.round(attachment.file_size / 1024)) });
  return (
    <figure className={styles.photo}>
      {url ? (
        <button
          type="button"
          className={styles.thumbButton}
          onClick={() => setEnlarged(true)}
          aria-label={t('feedback.photo.view', { name: attachment.original_filename })}
        >
          <img src={url} alt={alt} className={styles.thumb} />
        </button>
      ) : (
        <div className={styles.thumbPlaceholder} role={image.isError ? 'alert' : 'status'}>
          {image.isError ? t('feedback.photo.loadFailed') : t('feedback.photo.loading')}
        </div>
      )}
      <figcaption className={styles.caption}>
        {t('feedback.photo.caption', { name: attachment.original_filename, size })}
      </figcaption>
      {enlarged && url ? (
        <Dialog open wide onOpenChange={(open) => setEnlarged(open)} title={subject}>
          <img src={url} alt={alt} className={styles.full} />
        </Dialog>
      ) : null}
    </figure>
  );
}
