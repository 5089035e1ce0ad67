import { style } from '@vanilla-extract/css';
import { lineList } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';

export const list = lineList;

/** The symbol, the name and the diet word; the name and the word share a baseline. */
export const dish = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
});

/** A long name wraps inside a 360 px phone, beside its symbol. */
export const name = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** The symbol centred on the name's first line, however many lines the name takes. */
export const symbol = style({ alignSelf: 'start', marginTop: 'calc((1lh - 1.15em) / 2)' });

export const word = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
