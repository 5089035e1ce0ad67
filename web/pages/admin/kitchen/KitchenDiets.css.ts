import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The meal's counts, wrapping between counts on a phone, never inside one. */
export const meal = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
});

export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  whiteSpace: 'nowrap',
});
