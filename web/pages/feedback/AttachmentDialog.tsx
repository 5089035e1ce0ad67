// Attach one image (under 5MB) to open feedback.
import { useState } from 'react';
import { feedbackFromApi } from '../../../machines/feedback/feedback.fromApi';
import { feedbackMachine } from '../../../machines/feedback/feedback.machine';
import { ATTACHMENT_MAX_BYTES } from '../../../machines/shared/constants';
import { allowedEvents } from '../../../machines/shared/lifecycle';
import { errorMessage } from '../../api/errors';
import { useUploadAttachment } from '../../api/mutations';
import type { Feedback } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';

const TOO_LARGE = 'Attachment must be less than 5MB.';

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
      setError('Please choose an image file.');
      return;
    }
    if (chosen.size >= ATTACHMENT_MAX_BYTES) {
      setError(TOO_LARGE);
      notify({ tone: 'error', title: 'File Too Large', message: TOO_LARGE });
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!allowed) {
      notify({
        tone: 'error',
        title: 'Attachments Disabled',
        message: 'Attachments can only be added to feedback that is open.',
      });
      return;
    }
    if (!file) return;
    upload.mutate(
      { id: feedback.id, file },
      {
        onSuccess: () => {
          notify({ tone: 'success', title: 'Attachment Uploaded', message: file.name });
          onClose();
        },
        onError: (uploadError) =>
          notify({
            tone: 'error',
            title: 'Upload Failed',
            message: errorMessage(uploadError, 'Failed to upload attachment'),
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Add Attachment"
      description={`Add a photo to “${feedback.subject}”. One image, under 5MB.`}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            Skip
          </Button>
          <Button disabled={!file} busy={upload.isPending} onClick={send}>
            Upload
          </Button>
        </>
      }
    >
      <TextField
        label="Image"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={error}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
    </Dialog>
  );
}
