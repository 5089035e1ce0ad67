// Tiny form state: values, which fields were touched, and errors shown once touched or submitted.
import { useState } from 'react';

export function useForm<T extends Record<string, string>>(
  initial: T,
  validate: (values: T) => Partial<Record<keyof T, string>>,
  /**
   * Show a field's error when it loses focus. Only for forms whose submit button is disabled
   * until valid: elsewhere an error appearing on blur shifts the button under the pointer and
   * swallows the click that caused the blur.
   */
  { validateOnBlur = false }: { validateOnBlur?: boolean } = {},
) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const allErrors = validate(values);
  const visible = (name: keyof T) => (submitted || touched[name] ? allErrors[name] : undefined);
  const field = (name: keyof T) => ({
    name: String(name),
    value: values[name],
    error: visible(name),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => {
      if (validateOnBlur) setTouched((current) => ({ ...current, [name]: true }));
    },
  });
  return {
    values,
    setValues,
    field,
    errors: allErrors,
    isValid: Object.values(allErrors).every((message) => !message),
    /** Marks every field as shown; returns whether the form may be sent. */
    trySubmit: () => {
      setSubmitted(true);
      return Object.values(allErrors).every((message) => !message);
    },
    reset: () => {
      setValues(initial);
      setTouched({});
      setSubmitted(false);
    },
  };
}
