// An owner action that needs a non-blank comment; submit stays disabled while it is blank. Suggested
// comments that fit the action sit above the box: one tap writes one in, a second tap submits.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { isNonBlank } from '@machines/shared';
import { useT } from '@web/i18n/i18n';
import * as styles from './CommentDialog.css';
import { CancelSubmit, Dialog } from './Dialog';
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
  /** Comments that fit this action, in the language shown; a tap replaces the comment with one. */
  suggestions?: readonly string[];
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
  suggestions = [],
  onSubmit,
  onClose,
}: Props) {
  const t = useT();
  const suggestionsId = useId();
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
        {suggestions.length > 0 ? (
          <div role="group" aria-labelledby={suggestionsId} className={styles.suggestions}>
            <span id={suggestionsId} className={styles.suggestionsTitle}>
              {t('ui.comment.suggestions')}
            </span>
            <div className={styles.chips}>
              {suggestions.map((suggestion) => {
                const chosen = comment === suggestion;
                return (
                  <button
                    key={suggestion}
                    type="button"
                    className={styles.chip}
                    aria-pressed={chosen}
                    onClick={() => setComment(suggestion)}
                  >
                    {chosen ? <span aria-hidden="true">✓</span> : null}
                    {suggestion}
                  </button>
                );
              })}
            </div>
          </div>
        ) : null}
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
        <CancelSubmit
          className={styles.actions}
          onCancel={onClose}
          submit={submitLabel}
          tone={submitTone}
          disabled={blank || utrInvalid}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
