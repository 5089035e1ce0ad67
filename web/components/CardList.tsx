// A named list of cards, one an item (a screen's feedback, leaves, payments).
import type { ReactNode } from 'react';
import { cardList } from '@web/styles/list.css';

export function CardList<T extends { id: number | string }>({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly T[];
  /** An item's card. */
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={cardList} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
