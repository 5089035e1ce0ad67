import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** What recording does: the dates the subscription gets, and who hears of it. */
export const outcome = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

/** Why the subscription cannot be paid any more (the machine's sentence). */
export const refusal = style({ color: vars.color.danger, fontWeight: 600 });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});
