import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The diet counts: one line a meal. */
export const diets = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
