import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const authCard = style({
  maxWidth: 480,
  marginInline: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const authTitle = style({ fontSize: vars.fontSize.xl });
export const authSubtitle = style({ color: vars.color.textMuted });
export const authLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});
export const successPanel = style({
  background: vars.color.successSoft,
  color: vars.color.success,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
export const errorPanel = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});
