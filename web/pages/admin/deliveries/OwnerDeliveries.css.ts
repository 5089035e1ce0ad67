import { globalStyle, style } from '@vanilla-extract/css';
import { blockFacts, blockList, blockName, blockRow } from '@web/styles/list.css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { printArea } from '@web/styles/print.css';
import { bareList, endRow, stackSm, stackXs, wrapRow } from '@web/styles/utils.css';

/** A section's title with what sits at its end (the time of the last answer, Add route). */
export const sectionHead = style([
  wrapRow,
  { alignItems: 'baseline', justifyContent: 'space-between' },
]);

/** The date and meal: side by side, no wider than they need on a laptop. */
export const pickers = style({ maxWidth: 560 });

/** A card a route: one column on a phone, as many as fit on a laptop. */
export const routeGrid = style([bareList, fitColumns(290, vars.space.md, 'fill')]);

export const routeCard = style([stackSm, { alignItems: 'flex-start', height: '100%' }]);

export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const bigCount = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0 });

export const bar = style({
  width: '100%',
  height: 10,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const barFill = style({
  display: 'block',
  height: '100%',
  background: vars.color.success,
  transition: 'width 300ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const counts = style([wrapRow, { margin: 0 }]);

/** A bordered block with a row per missed stop, box or collection (the kitchen sheet's lists). */
export const list = blockList;
export const item = style([blockRow, { gap: vars.space.xs, overflowWrap: 'anywhere' }]);

/** A name and its count on one line (boxes out). */
export const itemRow = style({
  flexDirection: 'row',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
});

export const itemName = blockName;
export const itemFacts = blockFacts;

export const amount = style({ whiteSpace: 'nowrap' });

export const boxes = style({ fontWeight: 700, whiteSpace: 'nowrap' });

export const actions = endRow;

/** The route form's riders: a plain group of checkboxes. */
export const riders = style([
  stackXs,
  {
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    padding: vars.space.md,
    margin: 0,
    minWidth: 0,
  },
]);

export const legend = style({ fontWeight: 600, padding: `0 ${vars.space.xs}` });

export const refusal = style({ color: vars.color.danger, margin: 0 });

/** A cell's lines (name, phone, diet; address, landmark). */
export const cellLines = style({ display: 'flex', flexDirection: 'column', gap: 2 });

/** An empty square to tick by hand. */
export const tickBox = style({
  display: 'inline-block',
  width: 22,
  height: 22,
  border: `1.5px solid ${vars.color.text}`,
  borderRadius: 3,
  verticalAlign: 'middle',
});

/** A wider empty box to write an amount in. */
export const writeBox = style([tickBox, { width: 64 }]);

export const signature = style({ marginTop: vars.space.lg });

// On paper: black boxes and lines, the table's rows unbroken across pages.
globalStyle(`${printArea} ${tickBox}, ${printArea} ${writeBox}`, {
  '@media': { print: { borderColor: '#000' } },
});
globalStyle(`${printArea} table`, {
  '@media': { print: { fontSize: '10pt' } },
});
globalStyle(`${printArea} tr`, {
  '@media': { print: { breakInside: 'avoid' } },
});
globalStyle(`${printArea} th, ${printArea} td`, {
  '@media': { print: { borderBottom: '1px solid #666', background: '#fff', color: '#000' } },
});
