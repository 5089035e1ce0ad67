import { style } from '@vanilla-extract/css';
import { cardTop, lineList } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';

export const head = cardTop;

export const balance = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const amount = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const dueList = lineList;

export const dueItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
