import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const legend = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const description = style({ color: vars.color.textMuted });

export const options = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
});

/** One choice: the whole row is the label, at least 44 px tall for a thumb. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has([data-state="checked"])': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
    },
  },
});

export const radio = style({
  flexShrink: 0,
  width: 20,
  height: 20,
  padding: 0,
  borderRadius: '50%',
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const indicator = style({
  width: 10,
  height: 10,
  borderRadius: '50%',
  background: vars.color.primary,
});
