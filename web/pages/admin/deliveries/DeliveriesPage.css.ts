import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { bareList, spreadRow, stackSm, wrapRow } from '@web/styles/utils.css';

/** Route, date and meal: side by side where they fit, stacked on a phone. */
export const pickers = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
});

export const stops = style([bareList, stackSm]);

export const stopHead = spreadRow;

export const stopName = style({ fontSize: vars.fontSize.md, margin: 0 });

export const stopFacts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  margin: 0,
});

export const buttons = wrapRow;

export const waiting = style({
  fontWeight: 600,
  color: vars.color.warning,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.pill,
  padding: '2px 10px',
  whiteSpace: 'nowrap',
});

export const refused = style([
  spreadRow,
  {
    color: vars.color.danger,
    background: vars.color.dangerSoft,
    borderRadius: vars.radius.md,
    padding: vars.space.sm,
  },
]);

export const cashRow = style([wrapRow, { alignItems: 'end' }]);
