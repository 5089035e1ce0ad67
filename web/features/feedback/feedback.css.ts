// The customer's feedback form and its photos.
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@web/styles/theme.css';

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

/** The attached photo: a thumbnail of at most 200 × 150 px that opens full size. */
export const photo = style({
  margin: `${vars.space.sm} 0 0`,
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
});

export const thumbButton = style({
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
  cursor: 'zoom-in',
  lineHeight: 0,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const thumb = style({
  display: 'block',
  maxWidth: 'min(200px, 100%)',
  maxHeight: 150,
  objectFit: 'cover',
});

export const thumbPlaceholder = style({
  display: 'grid',
  placeItems: 'center',
  width: 200,
  maxWidth: '100%',
  height: 120,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const full = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70dvh',
  margin: '0 auto',
  borderRadius: vars.radius.md,
});

/** The form's Submit button at its end, not stretched across the column. */
export const submitRow = style({ alignItems: 'flex-end' });
