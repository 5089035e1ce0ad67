import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const response = style({
  marginTop: vars.space.md,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const stars = style({ color: vars.color.accent, letterSpacing: 2 });
