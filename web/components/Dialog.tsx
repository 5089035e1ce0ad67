// Radix Dialog, thinly wrapped: focus trap, Escape, title and description come from Radix.
import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useT } from '@web/i18n/i18n';
import { actionRow } from '@web/styles/utils.css';
import { Button, type ButtonVariants } from './Button';
import * as styles from './Dialog.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, wide }: Props) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, wide ? styles.wide : ''].join(' ')}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <div>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className={styles.description}>
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className={styles.close} aria-label={t('ui.dialog.close')}>
              ×
            </RadixDialog.Close>
          </div>
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A dialog form's buttons at its end: Cancel, then the button that sends the form. */
export function CancelSubmit({
  cancel: cancelText,
  onCancel,
  submit,
  tone,
  busy,
  disabled,
  className = actionRow,
}: {
  /** Cancel's text ("Cancel" unless given). */
  cancel?: string;
  onCancel: () => void;
  submit: string;
  /** The submit button's tone (primary unless given). */
  tone?: ButtonVariants['tone'];
  busy?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <Button tone="secondary" onClick={onCancel}>
        {cancelText ?? t('ui.cancel')}
      </Button>
      <Button type="submit" tone={tone} disabled={disabled} busy={busy}>
        {submit}
      </Button>
    </div>
  );
}
