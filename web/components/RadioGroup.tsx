// Radix RadioGroup, thinly wrapped: one labelled group of choices of which exactly one is picked.
import { useId, type ReactNode } from 'react';
import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import * as styles from './RadioGroup.css';

interface Props<T extends string> {
  label: string;
  description?: ReactNode;
  /** '' while nothing is chosen yet. */
  value: T | '';
  onValueChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
}

export function RadioGroup<T extends string>({
  label,
  description,
  value,
  onValueChange,
  options,
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
        aria-describedby={description ? `${id}-description` : undefined}
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
    </div>
  );
}
