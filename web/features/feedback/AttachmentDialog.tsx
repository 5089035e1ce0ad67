// Attach one image (under 5MB) to open feedback.
import { useState } from 'react';
import { feedbackFromApi, feedbackMachine } from '@machines/feedback';
import { allowedEvents, ATTACHMENT_MAX_BYTES } from '@machines/shared';
import { useUploadAttachment, type Feedback } from './feedback.api';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { refusalKeyText } from '@web/i18n/refusals';
import { failureToast } from '@web/api/errors';

/** Open, attachments not disabled, none yet: the feedback machine decides. */
export function canAddAttachment(feedback: Feedback): boolean {
  return allowedEvents(feedbackMachine, feedbackFromApi(feedback)).includes(
    'feedback.add_attachment',
  );
}

export function AttachmentDialog({
  feedback,
  onClose,
}: {
  feedback: Feedback;
  onClose: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const upload = useUploadAttachment();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = canAddAttachment(feedback);

  const choose = (chosen: File | null) => {
    setError(null);
    setFile(null);
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setError(t('feedback.attachment.notImage'));
      return;
    }
    if (chosen.size >= ATTACHMENT_MAX_BYTES) {
      const tooLarge = refusalKeyText('feedback.attachment_too_large');
      setError(tooLarge);
      notify({ tone: 'error', title: t('feedback.toast.tooLarge.title'), message: tooLarge });
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!allowed) {
      notify({
        tone: 'error',
        title: t('feedback.toast.disabled.title'),
        message: refusalKeyText('feedback.not_open:add_attachment'),
      });
      return;
    }
    if (!file) return;
    upload.mutate(
      { id: feedback.id, file },
      {
        onSuccess: () => {
          notify({
            tone: 'success',
            title: t('feedback.toast.uploaded.title'),
            message: file.name,
          });
          onClose();
        },
        onError: (uploadError) =>
          notify(
            failureToast(
              uploadError,
              t('feedback.toast.uploadFailed.title'),
              t('feedback.toast.uploadFailed.message'),
            ),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('feedback.addAttachment')}
      description={t('feedback.attachment.description', { subject: feedback.subject })}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {t('feedback.attachment.skip')}
          </Button>
          <Button disabled={!file} busy={upload.isPending} onClick={send}>
            {t('feedback.attachment.upload')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('feedback.attachment.image')}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={error}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
    </Dialog>
  );
}
