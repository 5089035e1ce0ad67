// Radix Tabs styled through [data-state].
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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
  const list = useRef<HTMLDivElement>(null);
  // A row that scrolls sideways keeps the chosen tab in sight (a link may open the seventh of
  // seven on a phone); the row scrolls, the page does not.
  useLayoutEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[data-state="active"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const start =
      active.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    const end = start + active.offsetWidth;
    if (start < row.scrollLeft) row.scrollLeft = start;
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
  }, [value]);
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List ref={list} className={styles.list({ fit: !!fit })} aria-label={label}>
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
