// Radix RadioGroup, thinly wrapped: one labelled group of choices of which exactly one is picked;
// an error (nothing picked where a choice is required) is tied to the group like a field's.
import { useId, type ReactNode } from 'react';
import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import { describedBy } from './Field';
import * as fieldStyles from './Field.css';
import * as styles from './RadioGroup.css';

interface Props<T extends string> {
  label: string;
  description?: ReactNode;
  /** '' while nothing is chosen yet. */
  value: T | '';
  onValueChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
  error?: string | null;
}

export function RadioGroup<T extends string>({
  label,
  description,
  value,
  onValueChange,
  options,
  error,
}: Props<T>) {
  const id = useId();
  return (
    <div className={styles.group}>
      <span id={`${id}-label`} className={styles.legend}>
        {label}
      </span>
      {description ? (
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      ) : null}
      <RadixRadioGroup.Root
        className={styles.options}
        value={value}
        onValueChange={(chosen) => onValueChange(chosen as T)}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(`${id}-error`, `${id}-description`, error, description)}
        aria-invalid={error ? true : undefined}
      >
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <RadixRadioGroup.Item value={option.value} className={styles.radio}>
              <RadixRadioGroup.Indicator className={styles.indicator} />
            </RadixRadioGroup.Item>
            <span>{option.label}</span>
          </label>
        ))}
      </RadixRadioGroup.Root>
      {error ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
