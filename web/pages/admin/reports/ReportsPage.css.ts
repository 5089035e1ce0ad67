import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The filters side by side where they fit, stacked on a phone. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  gap: vars.space.md,
  alignItems: 'end',
});

/** Per-mode and per-day totals side by side on a wide screen. */
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
