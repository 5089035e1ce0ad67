// An owner action that needs a non-blank comment; submit stays disabled while it is blank.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { isNonBlank } from '../../machines/shared/text';
import { useT } from '../i18n/i18n';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { formStyles, TextAreaField, TextField } from './Field';

interface Props {
  open: boolean;
  title: string;
  description?: ReactNode;
  commentLabel: string;
  submitLabel: string;
  submitTone?: 'primary' | 'danger';
  busy: boolean;
  /** Adds the optional UTR field (Mark as Paid). */
  withUtr?: boolean;
  /** What the owner needs to see to act, above the form (Mark as Paid: where to pay). */
  details?: ReactNode;
  onSubmit: (comment: string, utr: string) => void;
  onClose: () => void;
}

export function CommentDialog({
  open,
  title,
  description,
  commentLabel,
  submitLabel,
  submitTone = 'primary',
  busy,
  withUtr,
  details,
  onSubmit,
  onClose,
}: Props) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [utr, setUtr] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setComment('');
      setUtr('');
      setTouched(false);
    }
  }, [open]);
  const blank = !isNonBlank(comment);
  const utrInvalid = utr.trim() !== '' && !/^[A-Za-z0-9]{1,50}$/.test(utr.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || utrInvalid) return;
    onSubmit(comment.trim(), utr.trim());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={description}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {details}
        <TextAreaField
          label={commentLabel}
          required
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && blank ? t('ui.comment.required', { label: commentLabel }) : null}
          rows={4}
          maxLength={1000}
        />
        {withUtr ? (
          <TextField
            label={t('ui.comment.utr')}
            value={utr}
            onChange={(event) => setUtr(event.target.value)}
            error={utrInvalid ? t('ui.comment.utrInvalid') : null}
            maxLength={50}
            autoComplete="off"
          />
        ) : null}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button tone="secondary" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <Button type="submit" tone={submitTone} disabled={blank || utrInvalid} busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
