import { globalStyle, style } from '@vanilla-extract/css';
import { statCard, warningCard } from '@web/components/Card.css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { muted, small, stackSm } from '@web/styles/utils.css';

export const figureGrid = style({
  ...fitColumns(140, vars.space.md, 'fill'),
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'repeat(4, 1fr)' } },
});

/** A stat card that may hold a link and a line of detail under its number. */
export const figure = statCard;

export const figureLabel = style([muted, small, { margin: 0 }]);
export const figureValue = style({
  // Two cards a row on a phone: a crore (₹12,34,56,789) shrinks a little, then wraps, never spills.
  fontSize: `clamp(1.125rem, 5vw, ${vars.fontSize.xl})`,
  fontWeight: 700,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});
export const figureDetail = figureLabel;
export const figureLink = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.primary,
  marginTop: 'auto',
  selectors: { '&:hover': { color: vars.color.primaryHover } },
});

export const charts = style(fitColumns(380, vars.space.md));

export const chart = style([stackSm, { margin: 0, minWidth: 0 }]);

export const chartTitle = style({ fontWeight: 600 });

export const chartSvg = style({
  width: '100%',
  height: 'auto',
  display: 'block',
  overflow: 'visible',
});

export const bar = style({ fill: vars.color.primary });
export const negativeBar = style({ fill: vars.color.danger });
export const todayBar = style({ fill: vars.color.accent });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisLabels = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const mealTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${mealTable} th, ${mealTable} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'right',
});
globalStyle(`${mealTable} th:first-child, ${mealTable} td:first-child`, { textAlign: 'left' });

export const details = style({ fontSize: vars.fontSize.sm });
globalStyle(`${details} > summary`, {
  cursor: 'pointer',
  color: vars.color.primary,
  fontWeight: 600,
  marginBottom: vars.space.sm,
});

export const tableNote = style({
  captionSide: 'bottom',
  textAlign: 'left',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  paddingTop: vars.space.xs,
});

/** A setting the business still needs (the FSSAI number): a warning's colour and a thick edge. */
export const notice = warningCard;
export const noticeTitle = style({ fontWeight: 700, margin: 0 });
export const noticeText = style({ margin: `${vars.space.xs} 0 0` });
