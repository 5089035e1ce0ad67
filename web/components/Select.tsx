// Radix Select, styled by [data-state]/[data-highlighted]. While its list is open Radix hides the
// rest of the page (aria-hidden) and axe reports the focusable elements there
// (aria-hidden-focus), so the customer screens use the native <select> of Field.tsx instead.
import { useId } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import * as styles from './Select.css';

interface Props {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function FilterSelect({ label, value, onValueChange, options }: Props) {
  const id = useId();
  return (
    <div className={styles.wrap}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <RadixSelect.Root value={value} onValueChange={onValueChange}>
        <RadixSelect.Trigger className={styles.trigger} aria-labelledby={id}>
          <RadixSelect.Value />
          <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} className={styles.item}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
