// A paged list's offset, kept with the filters it was chosen under.
import { useCallback, useState } from 'react';

/**
 * The offset of a paged list that starts again at 0 whenever `filters` change (a search, a status,
 * a sort order; anything JSON can compare). The offset belongs to the filters it was chosen for,
 * so new filters never ask the server for a page of the old ones, and no effect resets it.
 */
export function usePageOffset(
  filters: unknown,
): [offset: number, setOffset: (next: number) => void] {
  const key = JSON.stringify(filters);
  const [page, setPage] = useState({ key, offset: 0 });
  // New filters: forget the old offset during this render (React's "adjust state when a prop
  // changes"), so going back to the old filters starts at 0 too.
  if (page.key !== key) setPage({ key, offset: 0 });
  const setOffset = useCallback((offset: number) => setPage({ key, offset }), [key]);
  return [page.key === key ? page.offset : 0, setOffset];
}
