// Radix Tabs styled through [data-state].
import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import * as styles from './Tabs.css';

interface Props {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  tabs: ReadonlyArray<{ value: string; label: string }>;
  children: ReactNode;
  /**
   * A few tabs that share the row and wrap their own labels rather than scroll out of sight on a
   * phone. Without it the row scrolls sideways (many tabs).
   */
  fit?: boolean;
}

export function Tabs({ value, onValueChange, label, tabs, children, fit }: Props) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List className={styles.list({ fit: !!fit })} aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={styles.trigger({ fit: !!fit })}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export const TabPanel = RadixTabs.Content;
