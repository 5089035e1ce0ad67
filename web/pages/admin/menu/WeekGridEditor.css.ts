import { style, styleVariants } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { bareList, stackSm } from '@web/styles/utils.css';

/** From this width the week is a grid: a row a day, a column a meal. Narrower, a block a day. */
const DESKTOP = 'screen and (min-width: 1024px)';
const DAY_COLUMN = '6.5rem';

export const week = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': { [DESKTOP]: { gap: 0 } },
});

/** The meals' names over their columns: on a desktop only (a phone's cells say their meal). */
export const head = style({
  display: 'none',
  '@media': {
    [DESKTOP]: {
      display: 'grid',
      gridTemplateColumns: `${DAY_COLUMN} repeat(3, minmax(0, 1fr))`,
      gap: vars.space.sm,
      paddingBottom: vars.space.sm,
      borderBottom: `2px solid ${vars.color.border}`,
      fontWeight: 700,
      fontSize: vars.fontSize.sm,
      color: vars.color.textMuted,
    },
  },
});

/** One day: its name over its meals on a phone; its name and its meals in a row on a desktop. */
export const day = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  minWidth: 0,
  paddingTop: vars.space.sm,
  borderTop: `2px solid ${vars.color.border}`,
  '@media': {
    [DESKTOP]: {
      gridTemplateColumns: `${DAY_COLUMN} minmax(0, 1fr)`,
      paddingBlock: vars.space.sm,
      borderTop: 'none',
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

export const dayName = style({ fontSize: vars.fontSize.lg, margin: 0, paddingTop: vars.space.xs });

export const caption = style({
  margin: 0,
  marginBottom: vars.space.md,
  color: vars.color.textMuted,
});

/** A day's three meals: side by side where they fit, one under the other on a phone. */
export const meals = style([
  fitColumns(260, vars.space.sm),
  { '@media': { [DESKTOP]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } },
]);

const cellBase = style([
  stackSm,
  {
    minWidth: 0,
    margin: 0,
    padding: vars.space.sm,
    border: `1px solid transparent`,
    borderLeftWidth: 4,
    borderRadius: vars.radius.md,
    background: vars.color.surfaceMuted,
  },
]);

/** A meal's cell; one with unsaved changes is edged in the warning colour and says "Not saved". */
export const cell = styleVariants({
  saved: [cellBase],
  unsaved: [cellBase, { borderLeftColor: vars.color.warning }],
  refused: [cellBase, { borderColor: vars.color.danger, borderLeftColor: vars.color.danger }],
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: 0,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  // Floated, a legend is an ordinary item of the cell's column rather than drawn in its border.
  float: 'left',
  width: '100%',
});

/**
 * The meal's name in its cell: shown on a phone, where no column head stands over it; on a desktop
 * the column's head shows it and the legend still names the cell to a screen reader.
 */
export const legendMeal = style({
  '@media': {
    [DESKTOP]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const notSaved = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.warning,
});

export const dishes = style([bareList, stackSm]);

/** One dish: its name and mark on a line, its Hindi name and Remove under them. */
export const dish = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.xs,
  alignItems: 'center',
  paddingBottom: vars.space.sm,
  selectors: { '&:not(:last-child)': { borderBottom: `1px dashed ${vars.color.border}` } },
});

/** The grid's text boxes and selects: a touch target on a phone, a little tighter on a desktop. */
export const control = style({
  width: '100%',
  minWidth: 0,
  minHeight: 44,
  padding: '8px 10px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: 2 } },
  '@media': { [DESKTOP]: { minHeight: 38, padding: '6px 8px' } },
});

export const hindi = style([control, { fontSize: vars.fontSize.sm }]);

/** The mark: its FSSAI symbol before the choice of word. */
export const markPick = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const markSelect = style([control, { width: 'auto', paddingInline: 4 }]);

export const error = style({
  gridColumn: '1 / -1',
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
});

export const nothing = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const add = style({ alignSelf: 'flex-start' });

/** Save and Discard with what is unsaved: stuck to the bottom of the screen while the week scrolls. */
export const saveBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.sm})`,
  padding: vars.space.sm,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -6px 12px -10px rgba(0, 0, 0, 0.25)',
});

export const status = style({ margin: 0, fontWeight: 600, fontSize: vars.fontSize.sm });

export const statusUnsaved = style([status, { color: vars.color.warning }]);
