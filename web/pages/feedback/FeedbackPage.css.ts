import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../styles/theme.css';

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

export const counter = recipe({
  base: { fontSize: vars.fontSize.sm, fontWeight: 600, textAlign: 'right' },
  variants: {
    tone: {
      normal: { color: vars.color.textMuted },
      warning: { color: vars.color.warning },
      limit: { color: vars.color.danger },
    },
  },
});

export const stars = style({ color: vars.color.accent, letterSpacing: 2 });
