// Labelled form controls; errors are tied to their control with aria-describedby.
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { OTP_LENGTH } from '@machines/shared';
import { useT } from '@web/i18n/i18n';
import * as styles from './Field.css';

export interface FieldProps {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** The ids that describe a control: its error and its hint (FieldShell gives them these ids). */
export function describedBy(
  errorId: string,
  hintId: string,
  error?: string | null,
  hint?: ReactNode,
) {
  return [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
}

/**
 * A control's id (its own, else one made up) and the props that tie it to its error and hint, as
 * FieldShell names them.
 */
export function useControl(ownId: string | undefined, error?: string | null, hint?: ReactNode) {
  const generated = useId();
  const id = ownId ?? generated;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(`${id}-error`, `${id}-hint`, error, hint),
  } as const;
}

/** A control's label above it, and its hint and error below it (ids `{id}-hint`, `{id}-error`). */
export function FieldShell({
  id,
  label,
  error,
  hint,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const control = useControl(input.id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input {...input} {...control} className={styles.control} />
    </FieldShell>
  );
}

/** A one-time code from an SMS: digits, at most OTP_LENGTH, offered from the message where it can. */
export function OtpField(
  props: FieldProps &
    Omit<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'maxLength'>,
) {
  return (
    <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} {...props} />
  );
}

/** A phone number: the phone's keypad, and the browser may offer the number it knows. */
export function PhoneField(
  props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>,
) {
  return <TextField type="tel" inputMode="tel" {...props} />;
}

/** An amount of rupees the owner types: the decimal keypad, never filled in from elsewhere. */
export function AmountField(
  props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete'>,
) {
  return <TextField inputMode="decimal" autoComplete="off" required {...props} />;
}

export function PasswordField({
  label,
  error,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const control = useControl(input.id, error, hint);
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <div className={styles.withToggle}>
        <input
          {...input}
          {...control}
          type={visible ? 'text' : 'password'}
          className={`${styles.control} ${styles.controlWithToggle}`}
        />
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setVisible((shown) => !shown)}
          aria-label={t(visible ? 'ui.password.hideLabel' : 'ui.password.showLabel', {
            label: label.toLowerCase(),
          })}
          aria-pressed={visible}
        >
          {t(visible ? 'ui.password.hide' : 'ui.password.show')}
        </button>
      </div>
    </FieldShell>
  );
}

type PasswordProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A password being chosen and the same typed again: the browser may offer one it makes up, and keeps
 * what is chosen.
 */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: PasswordProps;
  confirm: PasswordProps;
}) {
  return (
    <>
      <PasswordField autoComplete="new-password" {...password} />
      <PasswordField autoComplete="new-password" {...confirm} />
    </>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useControl(input.id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea {...input} {...control} className={styles.textarea} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    placeholder?: string;
  }) {
  const control = useControl(select.id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <select {...select} {...control} className={styles.control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Checkbox({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={styles.checkRow}>
      <input {...input} type="checkbox" className={styles.checkbox} />
      <span>{label}</span>
    </label>
  );
}

export const formStyles = styles;
