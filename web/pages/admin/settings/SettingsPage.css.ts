import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** A meal's cutoff: its time and its day side by side, stacked on a phone. */
export const mealRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontWeight: 700,
});

/** The leave policy's numbers: one column on a phone, side by side when there is room. */
export const numberRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

/** Every setting's card, disabled as one for a manager, who reads them but may not change them. */
export const readOnlyFrame = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});
