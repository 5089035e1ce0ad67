import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const dish = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  // A long dish name wraps inside a 360 px phone instead of pushing the mark off screen.
  minWidth: 0,
  overflowWrap: 'anywhere',
});

const markBase = style({
  flexShrink: 0,
  fontSize: vars.fontSize.sm,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
  border: '1px solid currentColor',
  whiteSpace: 'nowrap',
});

// Colour is never the only signal: each mark also says its name.
export const mark = styleVariants({
  veg: [markBase, { color: vars.color.success, background: vars.color.successSoft }],
  jain: [markBase, { color: vars.color.info, background: vars.color.infoSoft }],
  egg: [markBase, { color: vars.color.warning, background: vars.color.warningSoft }],
  non_veg: [markBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
});
