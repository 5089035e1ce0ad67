// A date field that reads the app's way ("27 Nov 2026", "27 नव॰ 2026") whatever the browser's
// locale. The native <input type="date"> stays for the picker, the keyboard and the ISO value
// (so forms and tests fill it with '2026-11-27'); its own text, which follows the browser's locale
// (11/27/2026 on a phone set to English (US)), is hidden, and the app's date is laid over it.
import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { isIsoDate } from '@machines/shared';
import { useT } from '@web/i18n/i18n';
import { formatDate } from '@web/lib/format';
import * as styles from './DateField.css';
import { FieldShell, formStyles, useControl, type FieldProps } from './Field';

type Props = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'placeholder'> & {
    /** 'YYYY-MM-DD', or '' while no date is chosen. */
    value: string;
    /** What the field says while empty; "Choose a date" unless given. */
    placeholder?: string;
  };

/**
 * Keys that edit the date part by part. While they are in use the browser's own parts show,
 * in its order, so a keyboard user sees what they type; leaving the field shows the app's date.
 */
const EDITING_KEY = /^(\d|ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Backspace|Delete)$/;

/** Opens the browser's picker, where it has showPicker() and allows it now. */
function openPicker(input: HTMLInputElement) {
  if (input.readOnly || input.disabled || typeof input.showPicker !== 'function') return;
  try {
    input.showPicker();
  } catch {
    // Refused (no user gesture, a picker already open): the browser's own button still opens it.
  }
}

export function DateField({
  label,
  error,
  hint,
  value,
  placeholder,
  onClick,
  onKeyDown,
  onBlur,
  className,
  ...input
}: Props) {
  const t = useT();
  const control = useControl(input.id, error, hint);
  const [typing, setTyping] = useState(false);
  const chosen = isIsoDate(value);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      event.preventDefault();
      openPicker(event.currentTarget);
    } else if (EDITING_KEY.test(event.key)) {
      setTyping(true);
    }
  };

  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <div className={styles.frame}>
        <input
          {...input}
          {...control}
          type="date"
          value={value}
          className={[formStyles.control, styles.input, className].filter(Boolean).join(' ')}
          data-typing={typing ? '' : undefined}
          onClick={(event) => {
            onClick?.(event);
            setTyping(false);
            openPicker(event.currentTarget);
          }}
          onKeyDown={keyDown}
          onBlur={(event) => {
            onBlur?.(event);
            setTyping(false);
          }}
        />
        {/* For the eyes only: assistive technology reads the input's own value, as a date. */}
        <span
          aria-hidden="true"
          className={chosen ? styles.shown : `${styles.shown} ${styles.empty}`}
        >
          {chosen ? formatDate(value) : (placeholder ?? t('ui.date.placeholder'))}
        </span>
      </div>
    </FieldShell>
  );
}
