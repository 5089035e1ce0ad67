import { style } from '@vanilla-extract/css';
import { blockList, blockRow } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';

/** One bordered block, a row per meal. */
export const locks = blockList;
export const lock = blockRow;

/** The sheet's own meal: a bar at its edge, besides aria-current (colour is never the only sign). */
export const current = style({
  boxShadow: `inset 4px 0 0 ${vars.color.primary}`,
});

export const headline = style({ fontWeight: 600, fontSize: vars.fontSize.md });

/** A change after the lock: the difference is in the words, the colour only underlines it. */
export const changed = style({ color: vars.color.warning });

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
