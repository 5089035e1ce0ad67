// Small layout helpers shared by pages.
import { style } from '@vanilla-extract/css';
import { fitColumns } from './columns';
import { vars } from './theme.css';

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const container = style({
  width: '100%',
  maxWidth: 1120,
  marginInline: 'auto',
  paddingInline: vars.space.md,
});

const column = { display: 'flex', flexDirection: 'column' } as const;

export const stack = style({ ...column, gap: vars.space.md });

/** The parts of one thing, closer together than a page's sections (a preview's lines, a form's group). */
export const stackSm = style({ ...column, gap: vars.space.sm });

/** Lines that read as one: a label over its value, a badge over its summary. */
export const stackXs = style({ ...column, gap: vars.space.xs });

/** Things side by side (buttons, chips, badges), wrapping onto more lines on a phone. */
export const wrapRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const row = style([wrapRow, { alignItems: 'center' }]);

/** A line's two ends (a title and its badge, a text and its button), one under the other when they do not fit. */
export const spreadRow = style([row, { justifyContent: 'space-between' }]);

/** A form's buttons at its end, each as tall as the row, wrapping on a phone. */
export const endRow = style([wrapRow, { justifyContent: 'flex-end' }]);

/** A dialog's or form's buttons: a row at its end (Cancel, then the action). */
export const actionRow = style([endRow, { alignItems: 'center' }]);

/** A list without bullets or indent; what it is composed with lays out its entries. */
export const bareList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const grid = style(fitColumns(280, vars.space.md, 'fill'));

export const statGrid = style(fitColumns(150, vars.space.md));

export const muted = style({ color: vars.color.textMuted });

export const small = style({ fontSize: vars.fontSize.sm });

export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const pageTitle = style({ fontSize: vars.fontSize.xl });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm });

export const nowrap = style({ whiteSpace: 'nowrap' });

/** A button that looks like what it holds (a link, a thumbnail, a column's heading): no box of its own. */
export const bareButton = style({
  all: 'unset',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
