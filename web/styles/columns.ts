// The grid of every "side by side where they fit, one under the other on a phone" layout.

/**
 * Columns at least `minPx` wide, as many as fit; min(100%, …) keeps one column from spilling off a
 * phone narrower than that. `fit` stretches the columns over a row that is not full; `fill` keeps
 * the empty tracks, so a lone item stays one column wide.
 */
export function fitColumns(minPx: number, gap: string, repeat: 'fit' | 'fill' = 'fit') {
  return {
    display: 'grid',
    gap,
    gridTemplateColumns: `repeat(auto-${repeat}, minmax(min(100%, ${minPx}px), 1fr))`,
  } as const;
}
