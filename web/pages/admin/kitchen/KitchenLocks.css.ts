import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** One bordered block, a row per meal. */
export const locks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const lock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.sm} ${vars.space.md}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const headline = style({ fontWeight: 600, fontSize: vars.fontSize.md });

/** A change after the lock: the difference is in the words, the colour only underlines it. */
export const changed = style({ color: vars.color.warning });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
