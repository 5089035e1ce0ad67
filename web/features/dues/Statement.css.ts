import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  flexWrap: 'wrap',
});

export const balance = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });

export const amount = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const dueList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const dueItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
