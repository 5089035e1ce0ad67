import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** A walk-in's claim link: its state, and the button beside it (below it on a phone). */
export const claim = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
